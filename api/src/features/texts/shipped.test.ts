import { mkdirSync, mkdtempSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, get } from '../../test/databases.ts';
import { staffToken } from '../admin/test-support.ts';

/** A shell folder as `npm run compose` leaves it: compositions, and the `live` pointer to one of them. */
const dir = mkdtempSync(path.join(tmpdir(), 'shell-compositions-'));
function composition(id: string, title: string) {
  mkdirSync(path.join(dir, 'compositions', id), { recursive: true });
  const texts = { de: { catalog: { courses: { title } } }, en: { catalog: { courses: { title: `${title} (en)` } } } };
  writeFileSync(
    path.join(dir, 'compositions', id, 'texts.json'),
    JSON.stringify({ areas: { catalog: { version: id, texts } } }),
  );
}
/** Goes live as compose does it: a new link renamed over the pointer. */
function goLive(id: string) {
  symlinkSync(path.join('compositions', id), path.join(dir, 'live.next'));
  renameSync(path.join(dir, 'live.next'), path.join(dir, 'live'));
}
composition('0001', 'Gruppenkurse A');
composition('0002', 'Gruppenkurse B');

describeEachDatabase(
  'shipped texts follow the live composition',
  (ctx) => {
    let headers: { authorization: string };
    beforeAll(async () => {
      headers = (await staffToken(ctx, 'staff')).headers;
    });
    const shown = async (language: string) =>
      (await get(ctx, `/api/translation/${language}?ns=catalog`)).body.result['catalog.courses.title'];
    const listed = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/texts?q=catalog.courses.title&perPage=50', headers }))
        .json()
        .result.items.find((item: { key: string }) => item.key === 'catalog.courses.title');

    it('switches the texts with the pointer, back and forth, without a restart; an edit stays on top', async () => {
      goLive('0001');
      expect(await shown('de')).toBe('Gruppenkurse A');
      expect(await shown('en')).toBe('Gruppenkurse A (en)');
      // A language the build does not ship falls back to its German text.
      expect(await shown('es')).toBe('Gruppenkurse A');
      // Texts of areas not composed come from the checkout as before.
      expect((await get(ctx, '/api/translation/de')).body.result['shell.home.title']).toBeTruthy();

      goLive('0002');
      expect(await shown('de')).toBe('Gruppenkurse B');

      const edit = await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/texts/catalog.courses.title',
        payload: { values: { de: 'Unsere Kurse' } },
        headers,
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json().result.outdated).toEqual([]);

      // Rolled back: the shipped text returns, the operator's edit still wins, and is flagged as made over another.
      goLive('0001');
      expect(await shown('de')).toBe('Unsere Kurse');
      expect(await shown('en')).toBe('Gruppenkurse A (en)');
      expect(await listed()).toMatchObject({ shipped: { de: 'Gruppenkurse A' }, edited: ['de'], outdated: ['de'] });

      // Forward again: the edit was made over this one, so nothing is flagged.
      goLive('0002');
      expect(await listed()).toMatchObject({ shipped: { de: 'Gruppenkurse B' }, outdated: [] });
      // Reset: the shipped text shows.
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/texts/catalog.courses.title',
        payload: { values: { de: null } },
        headers,
      });
      expect(await shown('de')).toBe('Gruppenkurse B');
    });
  },
  { app: { compositionDir: dir } },
);
