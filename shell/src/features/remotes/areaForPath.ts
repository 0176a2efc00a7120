import { matchPath } from 'react-router-dom';
import { areaNames, type AreaName, type RemoteManifest } from './manifest.ts';

/**
 * The area owning `pathname` by the paths the composed remotes.json lists, or undefined for an unknown path
 * (which redirects to /account-data). `/` is the shell's own home page.
 */
export function areaForPath(areas: RemoteManifest['areas'], pathname: string): AreaName | undefined {
  return areaNames.find((area) =>
    areas[area].paths.some((pattern) => matchPath({ path: pattern, end: true }, pathname)),
  );
}
