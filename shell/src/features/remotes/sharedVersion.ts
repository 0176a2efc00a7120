/**
 * Thrown instead of loading a remote that needs another `@shop/shared` than this page runs: the shell checks the
 * range a remote's manifest declares with `satisfies` of `@shop/shared` before it loads the remote's entry
 * (docs/decisions/0032-version-skew.md).
 */
export class SharedVersionClash extends Error {
  constructor(area: string, range: string, loaded: string) {
    super(`The ${area} area needs @shop/shared ${range}, this page runs ${loaded}: the area is not mounted.`);
    this.name = 'SharedVersionClash';
  }
}
