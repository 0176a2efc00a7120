// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { areaDirs, composeRemotes } from './composeRemotes.js';

const urls = Object.fromEntries(Object.keys(areaDirs).map((area) => [area, `https://${area}.example/`]));
const manifest = (area: string, preload?: unknown) => ({
  name: area,
  entry: 'remoteEntry.js',
  version: '1.0.0',
  shared: { '@shop/shared': '^1.1.0' },
  paths: [`/${area}`],
  ...(preload === undefined ? {} : { preload }),
});
const compose = (catalogPreload: unknown) =>
  composeRemotes({
    urls,
    timeoutMs: 8000,
    read: (area) => Promise.resolve(area === 'catalog' ? manifest(area, catalogPreload) : manifest(area)),
  });

describe('composeRemotes preload lists', () => {
  it("carries an area's preload lists into remotes.json, and none for an area without", async () => {
    const preload = { base: ['assets/routes.js'], pages: { '/catalog': ['assets/Page.js'] } };
    const composed = await compose(preload);
    expect(composed.areas.catalog?.preload).toEqual(preload);
    expect(composed.areas.account).not.toHaveProperty('preload');
  });

  it('refuses files outside the area (absolute, another origin, a parent folder)', async () => {
    for (const file of ['/assets/x.js', 'https://evil.example/x.js', '../shell/x.js']) {
      await expect(compose({ base: [file], pages: {} })).rejects.toThrow(/preload/);
      await expect(compose({ base: [], pages: { '/catalog': [file] } })).rejects.toThrow(/preload/);
    }
    await expect(compose({ base: 'assets/x.js', pages: {} })).rejects.toThrow(/preload/);
  });
});

describe('composeRemotes first-screen reads', () => {
  const composeReads = (reads: unknown) =>
    composeRemotes({
      urls,
      timeoutMs: 8000,
      read: (area) => Promise.resolve(area === 'catalog' ? { ...manifest(area), reads } : manifest(area)),
    });

  it("carries an area's reads into remotes.json, and none for an area without", async () => {
    const reads = { '/catalog': ['/course/tags', '/course/search?until={monthsFromToday:3}'] };
    const composed = await composeReads(reads);
    expect(composed.areas.catalog?.reads).toEqual(reads);
    expect(composed.areas.account).not.toHaveProperty('reads');
  });

  it('refuses a read that could leave the API (another origin, a parent folder, a relative path)', async () => {
    for (const path of ['//evil.example/x', 'https://evil.example/x', '/../shop/x', 'course/tags', '/\\evil.example']) {
      await expect(composeReads({ '/catalog': [path] })).rejects.toThrow(/reads/);
    }
    await expect(composeReads({ '/catalog': '/course/tags' })).rejects.toThrow(/reads/);
    await expect(composeReads(['/course/tags'])).rejects.toThrow(/reads/);
  });
});
