/**
 * Every built page carries its script policy in a `<meta http-equiv="Content-Security-Policy">` right after its
 * charset (docs/decisions/0089-script-policy-in-the-page.md): the build writes it with the hashes of the page's
 * inline scripts, `npm run compose` writes it again with the origins of the composed remotes. The policy then
 * travels with the page to whatever serves it (`vite preview`, nginx, a CDN), and is exact for the composition
 * the page holds; the static servers also send it in the header (staticFiles.js). Node-only, plain JavaScript.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { inlineScriptHashes, pageScriptPolicy, tagManagerOrigin } from '../server/csp.js';
import { partnerPageFile } from './partnerPage.js';

const policyElement = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*\/?>\n?\s*/i;
const charset = /<meta\s+charset=[^>]*>/i;

/**
 * The policy the page carries, or null when it carries none.
 * @param {string} html
 * @returns {string | null}
 */
export function pagePolicyOf(html) {
  const found = policyElement.exec(html);
  return found
    ? (found[1] ?? '')
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
    : null;
}

/**
 * `html` carrying the policy for `origins` and its own inline scripts (an earlier policy element is replaced).
 * The element comes right after the charset, before anything that loads or runs: a policy delivered in the page
 * applies only to what follows it.
 * @param {string} html
 * @param {readonly string[]} origins
 * @returns {string}
 */
export function withPagePolicy(html, origins) {
  const bare = html.replace(policyElement, '');
  const policy = pageScriptPolicy({ origins, hashes: inlineScriptHashes(bare) });
  const element = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" />`;
  const anchor = charset.exec(bare) ?? /<head[^>]*>/i.exec(bare);
  if (!anchor) throw new Error('a page without <head> cannot carry its script policy');
  const at = anchor.index + anchor[0].length;
  const indent = /\n([ \t]*)$/.exec(bare.slice(0, anchor.index))?.[1] ?? '';
  return `${bare.slice(0, at)}\n${indent}${element}${bare.slice(at)}`;
}

/** The shell's main page, relative to its build folder. */
export const shellPage = 'index.html';

/**
 * The origins besides its own a page of the shell may load scripts from: the composed remotes (their entries'
 * origins) on the shop's page and on the partner page, which imports the catalog's partner bundle; and on the
 * shop's page the tag manager, whose loader the shell runs only after consent (useTagManager). A remote's own
 * page needs none (`areaPageOrigins`).
 * @param {string} page the page's path inside the build folder (`index.html`, `partner/products-iframe.html`)
 * @param {readonly string[]} remoteEntries the composition's remote entry URLs
 * @returns {string[]}
 */
export function shellPageOrigins(page, remoteEntries = []) {
  const remotes = remoteEntries.map((entry) => new URL(entry).origin);
  return page === shellPage ? [...remotes, tagManagerOrigin] : remotes;
}

/** @returns {string[]} */
export const areaPageOrigins = () => [];

/** @param {string} dir @returns {string[]} */
const pagesUnder = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : pagesUnder(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });

/**
 * Writes the policy into every page of a build folder (outside `assets/`), with the origins `originsOf` names for
 * each; returns the pages written. Their compressed copies are the caller's (precompress, writeWithCompressedCopies).
 * @param {string} dir
 * @param {(page: string) => readonly string[]} originsOf given the page's path inside `dir`, with `/`
 * @param {(file: string, html: string) => void} write
 * @returns {string[]}
 */
export function writePagePolicies(dir, originsOf, write) {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return pagesUnder(dir).map((file) => {
    write(file, withPagePolicy(readFileSync(file, 'utf8'), originsOf(relative(dir, file).split(sep).join('/'))));
    return file;
  });
}

/** The partner page inside the shell's build folder (partnerPage.js), relative to it. */
export const shellPartnerPage = partnerPageFile.slice(1);
