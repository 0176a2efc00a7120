/**
 * Does this page's `@shop/shared` satisfy the range a remote was built against? The shell asks before it loads
 * the remote's entry, from the range its manifest declares (docs/decisions/0032-version-skew.md). Ranges are
 * what areas declare in package.json: `x.y.z`, `^x.y.z` or `~x.y.z`.
 */
type Version = [number, number, number];

function parse(text: string): Version | null {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

const atLeast = (version: Version, floor: Version) => {
  for (let i = 0; i < 3; i += 1) if (version[i] !== floor[i]) return version[i]! > floor[i]!;
  return true;
};

export function satisfies(versionText: string, range: string): boolean {
  const version = parse(versionText);
  const floor = parse(range.replace(/^[\^~]/, ''));
  if (!version || !floor) return false;
  if (!atLeast(version, floor)) return false;
  const [major, minor, patch] = floor;
  if (range.startsWith('~')) return version[0] === major && version[1] === minor;
  // A caret allows changes left of the first non-zero part only (0.x releases break at each minor).
  if (range.startsWith('^')) {
    if (major > 0) return version[0] === major;
    if (minor > 0) return version[0] === 0 && version[1] === minor;
    return version[0] === 0 && version[1] === 0 && version[2] === patch;
  }
  return version[0] === major && version[1] === minor && version[2] === patch;
}

/** Thrown instead of loading a remote that needs another `@shop/shared` than this page runs. */
export class SharedVersionClash extends Error {
  constructor(area: string, range: string, loaded: string) {
    super(`The ${area} area needs @shop/shared ${range}, this page runs ${loaded}: the area is not mounted.`);
    this.name = 'SharedVersionClash';
  }
}
