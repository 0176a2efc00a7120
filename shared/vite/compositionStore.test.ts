import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compositionElementId } from './composition.js';
import {
  listCompositions,
  liveAreaUrls,
  liveComposition,
  publishComposition,
  rollBack,
  withComposeLock,
} from './compositionStore.js';

/** A shell build as vite leaves it: its page with the empty composition element, and the partner page. */
function shellBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'shell-dist-'));
  writeFileSync(
    join(dir, 'index.html'),
    `<p>shell</p><script type="application/json" id="${compositionElementId}"></script>`,
  );
  mkdirSync(join(dir, 'partner'));
  writeFileSync(join(dir, 'partner/products-iframe.html'), '<html><head></head><body><p>partner</p></body></html>');
  return dir;
}

const composition = (version: string) => ({
  timeoutMs: 8000,
  remotes: { catalog: `https://shop.example/areas/catalog/${version}/remoteEntry.js` },
  areas: { catalog: { version, shared: '^1.0.0', paths: ['/courses'] } },
});
const texts = (title: string) => ({ catalog: { version: title, texts: { de: { catalog: { title } } } } });
const now = new Date('2026-12-02T04:00:00Z');
const served = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

describe('compositions behind one pointer', () => {
  it('writes each composition once and switches page and remotes.json together', () => {
    const dir = shellBuild();
    expect(publishComposition(dir, { composed: composition('1'), texts: texts('A'), now })).toBe('0001');
    expect(publishComposition(dir, { composed: composition('2'), texts: texts('B'), now })).toBe('0002');

    // The fixed names are links through the one pointer: what they serve changes with it alone.
    expect(readlinkSync(join(dir, 'live'))).toBe(join('compositions', '0002'));
    expect(readlinkSync(join(dir, 'index.html'))).toBe(join('live', 'index.html'));
    expect(readlinkSync(join(dir, 'partner/products-iframe.html'))).toBe(
      join('..', 'live', 'partner/products-iframe.html'),
    );
    expect(served(dir, 'index.html')).toContain('/catalog/2/remoteEntry.js');
    expect(JSON.parse(served(dir, 'remotes.json')).areas.catalog.version).toBe('2');
    expect(JSON.parse(served(dir, 'live/texts.json')).areas.catalog.texts.de.catalog.title).toBe('B');
    // The earlier one is untouched.
    expect(served(dir, 'compositions/0001/index.html')).toContain('/catalog/1/remoteEntry.js');
    expect(listCompositions(dir).map(({ id, live, areas }) => [id, live, areas.catalog])).toEqual([
      ['0001', false, { version: '1', texts: 'A' }],
      ['0002', true, { version: '2', texts: 'B' }],
    ]);
  });

  it('rolls back to the one live before, in one step, and refuses when none is kept', () => {
    const dir = shellBuild();
    expect(() => rollBack(dir)).toThrow(/no composition is live/);
    publishComposition(dir, { composed: composition('1'), texts: texts('A'), now });
    expect(() => rollBack(dir)).toThrow(/no previous/);
    publishComposition(dir, { composed: composition('2'), texts: texts('B'), now });
    expect(rollBack(dir)).toBe('0001');
    expect(liveComposition(dir)).toBe('0001');
    expect(JSON.parse(served(dir, 'remotes.json')).areas.catalog.version).toBe('1');
    expect(served(dir, 'index.html')).toContain('/catalog/1/remoteEntry.js');
  });

  it('keeps the newest compositions and never removes the live one', () => {
    const dir = shellBuild();
    for (const version of ['1', '2', '3', '4'])
      publishComposition(dir, { composed: composition(version), texts: {}, now, keep: 2 });
    expect(listCompositions(dir).map(({ id }) => id)).toEqual(['0003', '0004']);
    expect(existsSync(join(dir, 'compositions/0001'))).toBe(false);
  });

  it('refuses a folder without a shell build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'empty-'));
    expect(() => publishComposition(dir, { composed: composition('1'), texts: {}, now })).toThrow(/no shell build/);
  });

  it('names where each area runs now, so a compose naming one area keeps the others', () => {
    const dir = shellBuild();
    expect(liveAreaUrls(dir)).toEqual({});
    publishComposition(dir, { composed: composition('7'), texts: {}, now });
    expect(liveAreaUrls(dir)).toEqual({ catalog: 'https://shop.example/areas/catalog/7/' });
  });

  it('lets one compose at a time write, and frees the lock after a failure', () => {
    const dir = shellBuild();
    expect(() =>
      withComposeLock(dir, () =>
        withComposeLock(dir, () => publishComposition(dir, { composed: composition('1'), texts: {}, now })),
      ),
    ).toThrow(/another compose is running/);
    expect(liveComposition(dir)).toBeUndefined();
    expect(withComposeLock(dir, () => publishComposition(dir, { composed: composition('1'), texts: {}, now }))).toBe(
      '0001',
    );
  });
});
