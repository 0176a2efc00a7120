import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminError } from './http.ts';
import { changedFields, dataProvider, listQuery, registerResource } from './dataProvider.ts';
import { clearSession, readSession, saveSession } from './session.ts';

const staff = {
  id: 1,
  email: 'owner@school.example',
  role: 'owner' as const,
  passwordSet: true,
  totpEnrolled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('data provider', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    saveSession({ token: 'staff-token', expiresAt: '2026-01-01T12:00:00.000Z', staff });
    registerResource('things', { path: '/things', writable: ['name', 'places'] });
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('asks the admin API for a page, sorted and filtered, with the staff token', async () => {
    fetchMock.mockResolvedValue(
      answer(200, { result: { items: [{ id: 3, name: 'A' }], total: 41, page: 2, perPage: 20 } }),
    );
    const result = await dataProvider.getList('things', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'startDate', order: 'DESC' },
      filter: { status: 'draft', q: '', month: undefined },
    });
    expect(result).toEqual({ data: [{ id: 3, name: 'A' }], total: 41 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/things?page=2&perPage=20&sort=-startDate&status=draft');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer staff-token');
  });

  it('sends only the changed writable fields of an update (PATCH)', async () => {
    fetchMock.mockResolvedValue(answer(200, { result: { id: 3, name: 'B', places: 8 } }));
    await dataProvider.update('things', {
      id: 3,
      data: { id: 3, name: 'B', places: 8, freePlaces: 2 },
      previousData: { id: 3, name: 'A', places: 8, freePlaces: 2 },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/things/3');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'B' });
  });

  it("puts the API's field errors where react-admin shows them under the inputs", async () => {
    fetchMock.mockResolvedValue(
      answer(400, {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Invalid',
          fields: { name: 'required', places: 'Below the 3 booked' },
        },
      }),
    );
    const failure = await dataProvider.create('things', { data: { name: '' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AdminError);
    expect((failure as AdminError).status).toBe(400);
    expect((failure as AdminError).body).toEqual({
      code: 'VALIDATION_ERROR',
      errors: { name: 'bo.fieldError.required', places: 'Below the 3 booked' },
    });
  });

  it('ends the session when the API answers 401 (idle expiry)', async () => {
    fetchMock.mockResolvedValue(answer(401, { error: { code: 'UNAUTHORIZED', message: 'Session expired' } }));
    await expect(dataProvider.getOne('things', { id: 3 })).rejects.toMatchObject({ status: 401 });
    expect(readSession()).toBeNull();
  });

  it("keeps an update's report beside the item it wraps (a booked course moved)", async () => {
    registerResource('wrapped', { path: '/wrapped', itemOf: (result) => result.course as never });
    fetchMock.mockResolvedValue(
      answer(200, { result: { course: { id: 5, startDate: '2026-03-02' }, moved: true, mailsQueued: 3 } }),
    );
    const { data } = await dataProvider.update('wrapped', {
      id: 5,
      data: { startDate: '2026-03-02' },
      previousData: { id: 5 },
    });
    expect(data).toEqual({ id: 5, startDate: '2026-03-02', lastChange: { moved: true, mailsQueued: 3 } });
  });

  it('sorts lists of field and order style, and lists of fixed order not at all', async () => {
    registerResource('paired', { path: '/paired', sortStyle: 'fieldOrder' });
    registerResource('fixed', { path: '/fixed', sortStyle: 'none' });
    fetchMock.mockImplementation(async () => answer(200, { result: { items: [], total: 0, page: 1, perPage: 25 } }));
    const params = {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'email', order: 'ASC' as const },
      filter: {},
    };
    await dataProvider.getList('paired', params);
    await dataProvider.getList('fixed', params);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/admin/paired?page=1&perPage=25&sort=email&order=asc',
      '/api/admin/fixed?page=1&perPage=25',
    ]);
  });

  it('exports a whole list in pages of the largest size the API gives', async () => {
    const items = Array.from({ length: 450 }, (_, index) => ({ id: index + 1 }));
    fetchMock.mockImplementation(async (url) => {
      const page = Number(new URL(String(url), 'http://x').searchParams.get('page'));
      return answer(200, {
        result: { items: items.slice((page - 1) * 200, page * 200), total: 450, page, perPage: 200 },
      });
    });
    const result = await dataProvider.getList('things', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: { status: 'published' },
    });
    expect(result.data).toHaveLength(450);
    expect(result.total).toBe(450);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/admin/things?page=1&perPage=200&sort=id&status=published',
      '/api/admin/things?page=2&perPage=200&sort=id&status=published',
      '/api/admin/things?page=3&perPage=200&sort=id&status=published',
    ]);
  });

  it('deletes nothing', async () => {
    await expect(dataProvider.delete('things', { id: 3 })).rejects.toThrow('bo.error.noDelete');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('list queries and changes', () => {
  it('leaves out an id sort (field and order style) and empty filter values', () => {
    expect(
      listQuery(
        { path: '/x', sortStyle: 'fieldOrder' },
        { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: { q: '' } },
      ),
    ).toEqual({ page: 1, perPage: 25 });
  });
  it('compares values, not references', () => {
    expect(changedFields({ dates: ['2026-03-01'], name: 'A' }, { dates: ['2026-03-01'], name: 'B' })).toEqual({
      name: 'A',
    });
  });
});
