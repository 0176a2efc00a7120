/**
 * The composition travels in the shell's page (docs/performance.md#the-first-screens-path). `npm run compose`
 * writes `remotes.json` and the same composition into the shell's built `index.html`, in an inert JSON element
 * the shell's build leaves empty. The page's inline script (bootPreload.js) then knows the area of its address
 * and the area's files and reads at once, without a round trip for `remotes.json` before any of them can start.
 * `remotes.json` stays: a retry reads it afresh, and a shell without the element (dev, a build never composed)
 * fetches it as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { shellPage, shellPageOrigins, shellPartnerPage, withPagePolicy } from './pagePolicy.js';
import { writeWithCompressedCopies } from './staticFiles.js';

/** The id of the element that holds the composition in the shell's page. */
export const compositionElementId = 'shop-composition';

/** The element as the shell's build leaves it: present and empty. */
export const compositionPlaceholder = { tag: 'script', attrs: { type: 'application/json', id: compositionElementId } };

const element = new RegExp(`<script\\b[^>]*\\bid="${compositionElementId}"[^>]*>[^<]*</script>`);

/**
 * The element holding `composed`, as compose writes it. Every `<` is written as `\u003c`, so no text of a manifest
 * can end the element or open markup: JSON reads it back the same.
 * @param {unknown} composed
 */
export const compositionElement = (composed) =>
  `<script type="application/json" id="${compositionElementId}">${JSON.stringify(composed).replace(/</g, '\\u003c')}</script>`;

/**
 * The remote entry URLs of a composition.
 * @param {unknown} composed
 * @returns {string[]}
 */
const remoteEntriesOf = (composed) =>
  Object.values(/** @type {{ remotes?: Record<string, unknown> }} */ (composed ?? {}).remotes ?? {}).filter(
    (entry) => typeof entry === 'string',
  );

/**
 * The shell's page with `composed` in its composition element (an earlier composition is replaced), and the
 * script policy that lets the page load the composed remotes (pagePolicy.js).
 * @param {string} html
 * @param {unknown} composed
 */
export function inlineComposition(html, composed) {
  if (!element.test(html)) {
    throw new Error(`the shell's page has no #${compositionElementId} element (shared/vite/bootPreload.js)`);
  }
  const filled = html.replace(element, () => compositionElement(composed));
  // A whole page (not a fragment of one, as a unit test may give) gets the policy for this composition.
  if (!/<head[\s>]/i.test(filled)) return filled;
  return withPagePolicy(filled, shellPageOrigins(shellPage, remoteEntriesOf(composed)));
}

/**
 * Writes the composition to `remotesFile` and, when the shell's page lies beside it (an `index.html` with the
 * composition element), into that page, each with fresh compressed copies (the static servers prefer those).
 * The shell's partner page there gets the script policy for the composed remotes too. Another `index.html` there
 * (an area's own page) is left alone. Returns the page it wrote, if any.
 * @param {string} remotesFile
 * @param {unknown} composed
 * @returns {string | undefined}
 */
export function writeComposition(remotesFile, composed) {
  writeWithCompressedCopies(remotesFile, `${JSON.stringify(composed, null, 2)}\n`);
  const page = join(dirname(remotesFile), 'index.html');
  const html = existsSync(page) ? readFileSync(page, 'utf8') : '';
  if (!element.test(html)) return undefined;
  writeWithCompressedCopies(page, inlineComposition(html, composed));
  const partnerPage = join(dirname(remotesFile), shellPartnerPage);
  if (existsSync(partnerPage)) {
    const origins = shellPageOrigins(shellPartnerPage, remoteEntriesOf(composed));
    writeWithCompressedCopies(partnerPage, withPagePolicy(readFileSync(partnerPage, 'utf8'), origins));
  }
  return page;
}
