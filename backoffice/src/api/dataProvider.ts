import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { adminCall } from './http.ts';

/** How one react-admin resource maps onto the admin API. */
export interface ResourceApi {
  /** Path under /api/admin (`/courses`). */
  path: string;
  /** The update call's method (PATCH sends the changed fields, PUT the whole editable record). */
  updateMethod?: 'PATCH' | 'PUT';
  /** The fields a create or update may send (the contract's request schema's keys); others are left out. */
  writable?: readonly string[];
  /** Writable fields of an update, when they differ from a create's. */
  updatable?: readonly string[];
  /** An item's id in the path, when it is not `id` (texts are addressed by their key). */
  idOf?: (record: RaRecord) => Identifier;
  /**
   * How a list is sorted in the query: `signed` (`sort=-startDate`, the catalogue's lists) or `fieldOrder`
   * (`sort=startDate&order=desc`); none when the list has a fixed order.
   */
  sortStyle?: 'signed' | 'fieldOrder' | 'none';
  /** The path of one item, when it is not `<path>/<id>` (package prices: `/package-prices/<type>/<amount>`). */
  itemPath?: (id: Identifier) => string;
  /** The item in an update's or create's result, when the result wraps it (`{ course, moved, mailsQueued }`); else the result. */
  itemOf?: (result: Record<string, unknown>) => RaRecord | undefined;
  /** One item, when the API has no call for it (texts: found by their key in the list). */
  getOne?: (id: Identifier, signal?: AbortSignal) => Promise<RaRecord>;
  /** An update's body, when it is not the changed fields (texts: `{ values: { de: … } }`). */
  updateBody?: (data: Record<string, unknown>, previous: Record<string, unknown> | undefined) => unknown;
  /** Query parameters of a list's filter, when they are not the filter's own names. */
  listQuery?: (filter: Record<string, unknown>) => Record<string, string | number | boolean | undefined>;
}

interface Page<T> {
  items: T[];
  total: number;
}

const resources = new Map<string, ResourceApi>();

/** Features register their resources (features/…/index.ts); the data provider knows nothing else. */
export function registerResource(name: string, api: ResourceApi): void {
  resources.set(name, api);
}

function apiOf(resource: string): ResourceApi {
  const api = resources.get(resource);
  if (!api) throw new Error(`Unknown resource ${resource}`);
  return api;
}

const pathOf = (api: ResourceApi, id: Identifier) =>
  api.itemPath ? api.itemPath(id) : `${api.path}/${encodeURIComponent(String(id))}`;

function sortQuery(api: ResourceApi, params: GetListParams): Record<string, string> {
  const field = params.sort?.field;
  if (!field || api.sortStyle === 'none') return {};
  const descending = params.sort!.order === 'DESC';
  if (api.sortStyle === 'fieldOrder') return field === 'id' ? {} : { sort: field, order: descending ? 'desc' : 'asc' };
  return { sort: descending ? `-${field}` : field };
}

function picked(data: Record<string, unknown>, fields: readonly string[] | undefined): Record<string, unknown> {
  if (!fields) return data;
  return Object.fromEntries(Object.entries(data).filter(([name]) => fields.includes(name)));
}

/** The fields that differ from the record as loaded (a PATCH sends only what the person changed). */
export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined) {
  if (!previous) return data;
  return Object.fromEntries(
    Object.entries(data).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(previous[name])),
  );
}

/** A list's query: paging from react-admin, the sort in the list's style, then the filter (empty values left out). */
export function listQuery(api: ResourceApi, params: GetListParams) {
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  const filter = Object.fromEntries(
    Object.entries(params.filter ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
  return {
    page,
    perPage,
    ...sortQuery(api, params),
    ...(api.listQuery ? api.listQuery(filter) : (filter as Record<string, string>)),
  };
}

function withId(api: ResourceApi, record: RaRecord): RaRecord {
  return api.idOf ? { ...record, id: api.idOf(record) } : record;
}

/**
 * The item of a create's or update's result, with what the call reported besides (a booked course's move:
 * `moved`, `mailsQueued`) kept under `lastChange` for the screen's notification.
 */
function savedItem(api: ResourceApi, result: Record<string, unknown>): RaRecord {
  const item = api.itemOf?.(result) ?? (result as RaRecord);
  if (item === result) return withId(api, item);
  const report = Object.fromEntries(Object.entries(result).filter(([, value]) => value !== item));
  return { ...withId(api, item), lastChange: report };
}

/** The largest page the admin API gives (pageQuerySchema). */
export const apiMaxPerPage = 200;

/**
 * Up to `limit` items in pages of the API's largest size: an export (react-admin asks for one big page) gets the
 * whole filtered list, not its first 200.
 */
async function allPages(api: ResourceApi, params: GetListParams, limit: number) {
  const data: RaRecord[] = [];
  let total = 0;
  for (let page = 1; data.length < limit; page++) {
    const query = listQuery(api, { ...params, pagination: { page, perPage: apiMaxPerPage } });
    const answer = await adminCall<Page<RaRecord>>(api.path, { query, signal: params.signal });
    data.push(...answer.items.map((item) => withId(api, item)));
    total = answer.total;
    if (answer.items.length < apiMaxPerPage || data.length >= total) break;
  }
  return { data: data.slice(0, limit), total };
}

/**
 * react-admin's data provider over the admin API and nothing else: lists page, sort and filter on the server
 * (`page`, `perPage`, `sort`, `order`, the filter's fields), one record by id, create (POST), update (PATCH of the
 * changed fields or PUT), no deletes (the API deactivates, unpublishes or cancels instead).
 */
export const dataProvider: DataProvider = {
  async getList(resource, params) {
    const api = apiOf(resource);
    const perPage = params.pagination?.perPage ?? 25;
    if (perPage > apiMaxPerPage) return { ...(await allPages(api, params, perPage)) } as never;
    const answer = await adminCall<Page<RaRecord> | RaRecord[]>(api.path, {
      query: listQuery(api, params),
      signal: params.signal,
    });
    // A short list the API gives whole (package prices) is one page.
    const page = Array.isArray(answer) ? { items: answer, total: answer.length } : answer;
    return { data: page.items.map((item) => withId(api, item)) as never[], total: page.total };
  },
  async getOne(resource, params) {
    const api = apiOf(resource);
    if (api.getOne) return { data: withId(api, await api.getOne(params.id, params.signal)) as never };
    const record = await adminCall<RaRecord>(pathOf(api, params.id), { signal: params.signal });
    return { data: withId(api, record) as never };
  },
  async getMany(resource, params) {
    const api = apiOf(resource);
    const data = await Promise.all(
      params.ids.map((id) => adminCall<RaRecord>(pathOf(api, id), { signal: params.signal })),
    );
    return { data: data.map((record) => withId(api, record)) as never[] };
  },
  async getManyReference(resource, params) {
    const api = apiOf(resource);
    const query = listQuery(api, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    const page = await adminCall<Page<RaRecord>>(api.path, { query, signal: params.signal });
    return { data: page.items.map((item) => withId(api, item)) as never[], total: page.total };
  },
  async create(resource, params) {
    const api = apiOf(resource);
    const result = await adminCall<Record<string, unknown>>(api.path, {
      method: 'POST',
      body: picked(params.data, api.writable),
    });
    return { data: savedItem(api, result) as never };
  },
  async update(resource, params) {
    const api = apiOf(resource);
    const method = api.updateMethod ?? 'PATCH';
    const fields = picked(params.data, api.updatable ?? api.writable);
    const body = api.updateBody
      ? api.updateBody(params.data, params.previousData)
      : method === 'PATCH'
        ? changedFields(fields, params.previousData)
        : fields;
    const result = await adminCall<Record<string, unknown>>(pathOf(api, params.id), { method, body });
    return { data: savedItem(api, result) as never };
  },
  async updateMany(resource, params) {
    const api = apiOf(resource);
    await Promise.all(
      params.ids.map((id) => adminCall(pathOf(api, id), { method: api.updateMethod ?? 'PATCH', body: params.data })),
    );
    return { data: params.ids };
  },
  async delete() {
    throw new Error('bo.error.noDelete');
  },
  async deleteMany() {
    throw new Error('bo.error.noDelete');
  },
};
