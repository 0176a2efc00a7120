import type { CatalogueKind } from '@shop/shared/contract/admin';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.ts';
import { staffToken } from '../admin/test-support.ts';
import { client } from '../customer/test-support.ts';
import { courseOrder } from '../order/test-support.ts';
import { csvColumns, parseCsv, toCsv } from './csv-format.ts';
import { courseBody, uniqueId } from './test-support.ts';

type Row = Record<string, string>;

/** The rows of a CSV file, changed by `edit`, written back in the export's format. */
function editCsv(kind: CatalogueKind, text: string, edit: (rows: Row[]) => Row[]): string {
  return toCsv(
    kind,
    edit(parseCsv(kind, text).map((row) => ({ ...row.cells }))).map((row) =>
      Object.fromEntries(csvColumns[kind].map((c) => [c, row[c] ?? ''])),
    ),
  );
}

describeEachDatabase('catalogue import and export', (ctx) => {
  let headers: { authorization: string };
  beforeAll(async () => {
    headers = (await staffToken(ctx, 'staff')).headers;
  });
  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
    const response = await ctx.app.inject({
      method,
      url: `/api/admin${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = response.headers['content-type']?.toString().startsWith('application/json');
    return { status: response.statusCode, body: json ? (response.json() as any) : response.body, raw: response };
  };
  const exported = async () => {
    const reply = await call('GET', '/catalogue/export');
    expect(reply.status).toBe(200);
    const files = reply.body.result.files as Record<string, string>;
    return {
      modules: files['modules.csv']!,
      courses: files['courses.csv']!,
      products: files['products.csv']!,
      packagePrices: files['package-prices.csv']!,
    };
  };
  const importFiles = (files: Partial<Record<CatalogueKind, string>>, dryRun: boolean) =>
    call('POST', '/catalogue/import', { dryRun, files });
  const bookedCourse = async (places = 2) => {
    const created = (await call('POST', '/courses', courseBody({ identifier: uniqueId('IMP') }))).body.result;
    await call('POST', `/courses/${created.id}/publish`);
    const order = await client(ctx).post(
      '/api/cart/submit',
      courseOrder({ id: created.id, type: 1, priceCents: 28900 }, places),
    );
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    return created as { id: number; identifier: string };
  };

  it('exports every kind as UTF-8 CSV with a byte-order mark, a header row and ; separators', async () => {
    const files = await exported();
    for (const text of Object.values(files)) expect(text.startsWith('\uFEFF')).toBe(true);
    expect(files.courses.split('\r\n')[0]).toBe(`\uFEFF${csvColumns.courses.join(';')}`);
    expect(files.courses).toContain('Español');
    expect(files.packagePrices).toContain('conversation_hours;5;11500;published');
    const download = await call('GET', '/catalogue/export/courses');
    expect(download.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.raw.headers['content-disposition']).toBe('attachment; filename="courses.csv"');
  });

  it('export then import of an unchanged catalogue changes nothing, dry run or not', async () => {
    const before = await exported();
    const dry = await importFiles(before, true);
    expect(dry.status, JSON.stringify(dry.body).slice(0, 2000)).toBe(200);
    expect(dry.body.result.refusals).toEqual([]);
    expect(dry.body.result.changes).toEqual([]);
    expect(dry.body.result.counts.courses.unchanged).toBeGreaterThan(100);
    const applied = await importFiles(before, false);
    expect(applied.body.result).toMatchObject({ dryRun: false, applied: false, changes: [], refusals: [] });
    expect(await exported()).toEqual(before);
  });

  it('dry-runs, then applies, a changed file: created, changed and unchanged; applying again changes nothing', async () => {
    const { courses } = await exported();
    const newIdentifier = uniqueId('NEW');
    let changedIdentifier = '';
    const edited = editCsv('courses', courses, (rows) => {
      const target = rows.find((r) => r.type === 'group_course' && r.taken_places === '0' && r.status === 'published')!;
      changedIdentifier = target.identifier!;
      target.price_cents = '30100';
      target.start_date = '2026-09-01';
      target.end_date = '2026-10-22';
      target.registration_deadline = '2026-08-29';
      target.meeting_days = 'tuesday,thursday';
      return [
        ...rows,
        {
          ...target,
          identifier: newIdentifier,
          status: 'draft',
          start_date: '15.06.2026',
          end_date: '2026-06-15',
          start_time: '10:00',
          end_time: '11:30:00',
          meeting_days: '',
          registration_deadline: '2026-06-10',
          title_de: 'Neuer Kurs aus der Tabelle',
        },
      ];
    });
    const dry = await importFiles({ courses: edited }, true);
    expect(dry.body.result.refusals).toEqual([]);
    expect(dry.body.result.counts.courses).toMatchObject({ created: 1, changed: 1, deleted: 0, refused: 0 });
    expect(dry.body.result.changes).toEqual(
      expect.arrayContaining([
        { kind: 'courses', identifier: newIdentifier, action: 'create', fields: [] },
        {
          kind: 'courses',
          identifier: changedIdentifier,
          action: 'change',
          fields: expect.arrayContaining(['startDate', 'priceCents']),
        },
      ]),
    );
    // Nothing was written by the dry run.
    expect((await call('GET', `/courses?q=${newIdentifier}`)).body.result.total).toBe(0);

    const applied = await importFiles({ courses: edited }, false);
    expect(applied.body.result).toMatchObject({ applied: true, dryRun: false });
    const created = (await call('GET', `/courses?q=${newIdentifier}`)).body.result.items[0];
    expect(created).toMatchObject({
      status: 'draft',
      startDate: '2026-06-15',
      endTime: '11:30',
      meetingDays: [0],
      derivedTags: expect.arrayContaining(['june', 'monday', 'morning', 'short']),
      texts: { de: { title: 'Neuer Kurs aus der Tabelle' } },
    });
    const changed = (await call('GET', `/courses?q=${changedIdentifier}`)).body.result.items[0];
    expect(changed).toMatchObject({ priceCents: 30100, startDate: '2026-09-01', meetingDays: [1, 3] });
    expect(changed.derivedTags).toEqual(expect.arrayContaining(['september', 'tuesday', 'thursday']));

    const again = await importFiles({ courses: edited }, false);
    expect(again.body.result).toMatchObject({ applied: false, changes: [], refusals: [] });
    const audit = await call('GET', '/audit-log?action=importCatalogue');
    expect(audit.body.result.total).toBe(1);
  });

  it('refuses, with file, line and reason, what would break a booking or cannot be read; all or nothing', async () => {
    const booked = await bookedCourse(3);
    const { courses, products } = await exported();
    let bookedLine = 0;
    const edited = editCsv('courses', courses, (rows) => {
      const index = rows.findIndex((r) => r.identifier === booked.identifier);
      bookedLine = index + 2;
      rows[index]!.max_participants = '2';
      rows[index + 1]!.start_date = 'soon';
      rows[index + 1]!.price_cents = '20000';
      return rows;
    });
    const dry = await importFiles({ courses: edited }, true);
    expect(dry.status).toBe(200);
    expect(dry.body.result.refusals).toEqual([
      {
        file: 'courses.csv',
        line: bookedLine,
        identifier: booked.identifier,
        reason: 'max_participants 2 is fewer than the 3 places booked or held',
      },
      expect.objectContaining({
        file: 'courses.csv',
        line: bookedLine + 1,
        reason: expect.stringContaining('start_date'),
      }),
    ]);
    const refused = await importFiles({ courses: edited, products: products.replace('24900', '1') }, false);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('IMPORT_REFUSED');
    expect(refused.body.report.refusals).toHaveLength(2);
    expect(await exported()).toMatchObject({ products });

    // A booked course missing from the file would be deleted: refused. An unbooked one is deleted.
    const unbooked = (await call('POST', '/courses', courseBody({ identifier: uniqueId('GONE') }))).body.result;
    const current = (await exported()).courses;
    const without = editCsv('courses', current, (rows) =>
      rows.filter((r) => r.identifier !== booked.identifier && r.identifier !== unbooked.identifier),
    );
    const deletion = await importFiles({ courses: without }, true);
    expect(deletion.body.result.refusals).toEqual([
      expect.objectContaining({
        file: 'courses.csv',
        identifier: booked.identifier,
        reason: expect.stringContaining('booked'),
      }),
    ]);
    expect(deletion.body.result.changes).toEqual([
      { kind: 'courses', identifier: unbooked.identifier, action: 'delete', fields: [] },
    ]);
    const withBooked = editCsv('courses', current, (rows) => rows.filter((r) => r.identifier !== unbooked.identifier));
    expect((await importFiles({ courses: withBooked }, false)).body.result).toMatchObject({
      applied: true,
      counts: { courses: { deleted: 1 } },
    });
    expect((await call('GET', `/courses/${unbooked.id}`)).status).toBe(404);
  });

  it('moves a booked course by import: its people are mailed', async () => {
    const booked = await bookedCourse(1);
    const { courses } = await exported();
    const moved = editCsv('courses', courses, (rows) => {
      const row = rows.find((r) => r.identifier === booked.identifier)!;
      row.start_date = '2026-02-10';
      return rows;
    });
    const applied = await importFiles({ courses: moved }, false);
    expect(applied.body.result).toMatchObject({ applied: true, mailsQueued: 2 });
    expect((await call('GET', `/courses/${booked.id}`)).body.result).toMatchObject({ scheduleSequence: 1 });
  });

  it('takes a module off sale by import: neither it nor its appointments are listed or sold', async () => {
    const { modules } = await exported();
    const flexible = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/course/flexible-learning' })).json().result as {
        moduleIdentifier: string;
        courses: { id: number }[];
      }[];
    const listed = (await flexible()).find((m) => m.moduleIdentifier === 'A1.2')!;
    expect(listed.courses.length).toBeGreaterThan(0);
    const drafted = editCsv('modules', modules, (rows) =>
      rows.map((r) => (r.identifier === 'A1.2' ? { ...r, status: 'draft' } : r)),
    );
    const applied = await importFiles({ modules: drafted }, false);
    expect(applied.body.result).toMatchObject({
      applied: true,
      changes: [{ kind: 'modules', identifier: 'A1.2', action: 'change', fields: ['status'] }],
    });
    expect((await flexible()).map((m) => m.moduleIdentifier)).not.toContain('A1.2');
    const search = (await ctx.app.inject({ method: 'GET', url: '/api/course/search?type=2&limit=100' })).json().result
      .items as { id: number }[];
    expect(search.map((c) => c.id)).not.toContain(listed.courses[0]!.id);
    const priced = await client(ctx).post('/api/cart/calculate-price', {
      courses: [{ courseId: listed.courses[0]!.id, courseType: 2, quantity: 1 }],
      products: [],
      packages: [],
      discountCodes: [],
      locale: 'de',
    });
    expect(priced.body.result.quantityAdjustments[0]).toMatchObject({ reason: 'COURSE_NOT_OFFERED' });
    await importFiles({ modules }, false);
    expect((await flexible()).map((m) => m.moduleIdentifier)).toContain('A1.2');
  });

  it('refuses a file without its columns, and rows naming one identifier twice', async () => {
    const missing = await importFiles({ courses: 'identifier;type\r\nX;group_course\r\n' }, true);
    expect(missing.body.result.refusals).toEqual([
      expect.objectContaining({ file: 'courses.csv', line: 1, reason: expect.stringContaining('Columns missing') }),
    ]);
    const { packagePrices } = await exported();
    const doubled = `${packagePrices}conversation_hours;5;999;published\r\n`;
    const reply = await importFiles({ packagePrices: doubled }, true);
    expect(reply.body.result.refusals).toEqual([
      expect.objectContaining({ file: 'package-prices.csv', identifier: 'conversation_hours-5' }),
    ]);
    expect((await importFiles({}, true)).status).toBe(400);
  });
});
