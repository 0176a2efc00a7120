/**
 * Does a `@shop/shared` version satisfy the range a remote was built against? Ranges are what areas declare in
 * package.json: `x.y.z`, `^x.y.z` or `~x.y.z` (docs/decisions/0032-version-skew.md). The shell decides with it
 * before it loads a remote's entry, and the inline preload script of the shell's HTML (shared/vite/bootPreload.js)
 * runs this very function's text before any module has loaded, so it is plain JavaScript and self-contained: no
 * imports, no names from outside its body.
 * @param {string} versionText
 * @param {string} range
 * @returns {boolean}
 */
export function satisfies(versionText, range) {
  /** @param {unknown} text @returns {number[] | null} */
  const parse = (text) => {
    const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(typeof text === 'string' ? text : '');
    return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
  };
  const version = parse(versionText);
  const floor = parse(typeof range === 'string' ? range.replace(/^[\^~]/, '') : '');
  if (!version || !floor) return false;
  const [major, minor, patch] = /** @type {[number, number, number]} */ (floor);
  const [vMajor, vMinor, vPatch] = /** @type {[number, number, number]} */ (version);
  const atLeast = vMajor !== major ? vMajor > major : vMinor !== minor ? vMinor > minor : vPatch >= patch;
  if (!atLeast) return false;
  if (range.startsWith('~')) return vMajor === major && vMinor === minor;
  // A caret allows changes left of the first non-zero part only (0.x releases break at each minor).
  if (range.startsWith('^')) {
    if (major > 0) return vMajor === major;
    if (minor > 0) return vMajor === 0 && vMinor === minor;
    return vMajor === 0 && vMinor === 0 && vPatch === patch;
  }
  return vMajor === major && vMinor === minor && vPatch === patch;
}
