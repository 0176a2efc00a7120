/**
 * Compositions as immutable, versioned file sets, and going live as one atomic step
 * (docs/decisions/0120-compositions-behind-one-pointer.md). In the shell's served folder:
 *
 *   compositions/0007/        one composition: index.html, remotes.json, the partner page (each with .br/.gz),
 *                             texts.json (the composed areas' texts) and composition.json (what it holds)
 *   live -> compositions/0007 the pointer, replaced by renaming a new symlink over it (rename(2) is atomic)
 *   index.html, remotes.json, … -> live/…   links made once, so the page and remotes.json follow the one pointer
 *   compositions/shell-build/ the shell build's own pages, the template every composition starts from
 *
 * A folder under compositions/ is written in a scratch folder and renamed into place whole, and never written
 * again. The single-spa import-map deployer's lesson: one document names every area's version, and a deploy swaps
 * that document, never the files it points to. Node-only.
 */
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { writeComposition } from './composition.js';
import { shellPage, shellPartnerPage } from './pagePolicy.js';

const folder = 'compositions';
const template = 'shell-build';
export const livePointer = 'live';
/** The files of a composition that the shell's folder links to through the pointer. */
const linkedFiles = [shellPage, 'remotes.json', shellPartnerPage].flatMap((file) => [file, `${file}.br`, `${file}.gz`]);

const isLink = (path) => existsSync(path) && lstatSync(path).isSymbolicLink();
const pad = (n) => String(n).padStart(4, '0');

/**
 * The kept compositions, oldest first, with the one live marked.
 * @param {string} shellDir
 * @returns {{ id: string, live: boolean, createdAt: string, areas: Record<string, { version: string, texts?: string }> }[]}
 */
export function listCompositions(shellDir) {
  const dir = join(shellDir, folder);
  if (!existsSync(dir)) return [];
  const live = liveComposition(shellDir);
  return readdirSync(dir)
    .filter((name) => /^\d{4,}$/.test(name))
    .sort()
    .map((id) => {
      const meta = JSON.parse(readFileSync(join(dir, id, 'composition.json'), 'utf8'));
      return { id, live: id === live, createdAt: meta.createdAt, areas: meta.areas };
    });
}

/** The id of the live composition, if any. @param {string} shellDir */
export function liveComposition(shellDir) {
  const pointer = join(shellDir, livePointer);
  return isLink(pointer) ? basename(readlinkSync(pointer)) : undefined;
}

/**
 * Keeps the shell build's pages as the template, the first time and after a new shell build was put in place
 * (its pages are files again, not links).
 * @param {string} shellDir
 */
function prepare(shellDir) {
  const templateDir = join(shellDir, folder, template);
  const page = join(shellDir, shellPage);
  const freshBuild = existsSync(page) && !isLink(page);
  if (!existsSync(templateDir) || freshBuild) {
    if (!freshBuild) throw new Error(`${shellDir} holds no shell build (no ${shellPage})`);
    rmSync(templateDir, { recursive: true, force: true });
    mkdirSync(join(shellDir, folder), { recursive: true });
    const scratch = `${templateDir}.tmp-${process.pid}`;
    mkdirSync(scratch, { recursive: true });
    for (const file of linkedFiles) {
      const built = join(shellDir, file);
      if (existsSync(built) && !isLink(built)) cpSync(built, join(scratch, file));
    }
    renameSync(scratch, templateDir);
  }
}

/** Points the shell's fixed names at the pointer (once; a link already there stays). @param {string} shellDir */
function link(shellDir) {
  for (const file of linkedFiles) {
    const path = join(shellDir, file);
    if (isLink(path)) continue;
    const scratch = `${path}.tmp-${process.pid}`;
    rmSync(scratch, { force: true });
    // Relative, so the folder can move; the partner page lies one folder down.
    symlinkSync(relative(dirname(path), join(shellDir, livePointer, file)), scratch);
    renameSync(scratch, path);
  }
}

/**
 * Makes `id` live in one step: a new symlink renamed over the pointer.
 * @param {string} shellDir @param {string} id
 */
export function switchTo(shellDir, id) {
  if (!existsSync(join(shellDir, folder, id, 'composition.json'))) throw new Error(`no composition ${id}`);
  const scratch = join(shellDir, `${livePointer}.tmp-${process.pid}`);
  rmSync(scratch, { force: true });
  symlinkSync(join(folder, id), scratch);
  renameSync(scratch, join(shellDir, livePointer));
  link(shellDir);
}

/**
 * Writes `composed` (remotes.json's content) and the areas' texts as a new composition and makes it live.
 * Keeps the newest `keep` compositions and the live one's predecessor; returns the new id.
 * @param {string} shellDir
 * @param {{ composed: any, texts: Record<string, { version: string, texts: Record<string, unknown> }>, now: Date, keep?: number }} options
 */
export function publishComposition(shellDir, { composed, texts, now, keep = 10 }) {
  prepare(shellDir);
  const kept = listCompositions(shellDir);
  const id = pad(kept.length === 0 ? 1 : Number(kept.at(-1)?.id) + 1);
  const scratch = join(shellDir, folder, `.${id}.tmp-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  cpSync(join(shellDir, folder, template), scratch, { recursive: true });
  writeComposition(join(scratch, 'remotes.json'), composed);
  writeFileSync(join(scratch, 'texts.json'), `${JSON.stringify({ areas: texts })}\n`);
  const areas = Object.fromEntries(
    Object.entries(composed.areas).map(([area, { version }]) => [
      area,
      { version, ...(texts[area] ? { texts: texts[area].version } : {}) },
    ]),
  );
  const previous = liveComposition(shellDir);
  writeFileSync(
    join(scratch, 'composition.json'),
    `${JSON.stringify({ id, createdAt: now.toISOString(), previous, areas }, null, 2)}\n`,
  );
  renameSync(scratch, join(shellDir, folder, id));
  switchTo(shellDir, id);
  prune(shellDir, keep);
  return id;
}

/**
 * Each area's base URL in the live composition (where its remoteEntry.js lies), so a compose that names one area
 * keeps the others as they run: the import-map deployer's "patch one entry" instead of "replace the whole map".
 * @param {string} shellDir
 * @returns {Record<string, string>}
 */
export function liveAreaUrls(shellDir) {
  const file = join(shellDir, livePointer, 'remotes.json');
  if (!isLink(join(shellDir, livePointer)) || !existsSync(file)) return {};
  const { remotes } = JSON.parse(readFileSync(file, 'utf8'));
  return Object.fromEntries(
    Object.entries(remotes ?? {}).map(([area, entry]) => [area, new URL('.', String(entry)).href]),
  );
}

/**
 * Runs `work` while this process alone composes into `shellDir`: two composes at once would both build on the same
 * live composition and the later would drop the earlier's change (the import-map deployer's reason to exist). The
 * lock is a file created exclusively; one left by a crash names its process and must be removed by hand.
 * @template T
 * @param {string} shellDir
 * @param {() => T} work
 * @returns {T}
 */
export function withComposeLock(shellDir, work) {
  mkdirSync(join(shellDir, folder), { recursive: true });
  const lock = join(shellDir, folder, '.lock');
  try {
    writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
  } catch {
    throw new Error(
      `another compose is running (${lock} holds process ${readFileSync(lock, 'utf8').trim()}; remove it if that one is gone)`,
    );
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Back to the composition that was live before the live one, in one step. Returns its id.
 * @param {string} shellDir
 */
export function rollBack(shellDir) {
  const live = liveComposition(shellDir);
  if (!live) throw new Error('no composition is live');
  const { previous } = JSON.parse(readFileSync(join(shellDir, folder, live, 'composition.json'), 'utf8'));
  if (!previous || !existsSync(join(shellDir, folder, previous)))
    throw new Error(`composition ${live} has no previous one kept`);
  switchTo(shellDir, previous);
  return previous;
}

/** Removes all but the newest `keep` compositions; never the live one. @param {string} shellDir @param {number} keep */
function prune(shellDir, keep) {
  const all = listCompositions(shellDir);
  for (const { id, live } of all.slice(0, Math.max(0, all.length - keep))) {
    if (!live) rmSync(join(shellDir, folder, id), { recursive: true, force: true });
  }
}
