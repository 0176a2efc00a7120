import { renderRoutes } from '@shop/shared/testing';
import routes from '../routes.tsx';

export { answerAfterFocusFixup, apiError, fakeApi, startI18n, type FakeCall } from '@shop/shared/testing';

/** The area's real routes at `path`, as the shell mounts them. */
export function renderArea(path: string) {
  return renderRoutes(routes, path);
}
