/**
 * Whether each area can run in the shell it is composed into (docs/decisions/0119-area-builds-carry-texts-and-
 * requirements.md): every package an area requires (React, ReactDOM, the federation runtime, `@shop/shared`,
 * the contract it was built for) must be provided by the shell's build at a fitting version. One line per problem,
 * so a refused compose says everything at once. Node-only.
 */
import semver from 'semver';

/**
 * @param {Record<string, string>} provides the shell's `shop-shell.json` `provides`
 * @param {Record<string, any>} manifests each area's `shop-area.json`, by area
 * @returns {string[]} the problems, none when the composition can run
 */
export function compositionProblems(provides, manifests) {
  /** @type {string[]} */
  const problems = [];
  for (const [area, manifest] of Object.entries(manifests)) {
    const requires = manifest?.requires;
    if (typeof requires !== 'object' || requires === null) {
      problems.push(
        `${area}: its manifest names no requirements (a build from before compose checked them); rebuild it`,
      );
      continue;
    }
    for (const [name, range] of Object.entries(requires)) {
      const provided = provides[name];
      if (provided === undefined) problems.push(`${area}: needs ${name} ${range}, the shell provides none`);
      else if (semver.validRange(range) === null)
        problems.push(`${area}: needs ${name} in an unreadable range ${range}`);
      else if (!semver.satisfies(provided, range))
        problems.push(`${area}: needs ${name} ${range}, the shell provides ${provided}`);
    }
  }
  return problems;
}
