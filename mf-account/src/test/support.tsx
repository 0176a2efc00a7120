import { renderRoutes } from '@shop/shared/testing';
import routes from '../routes.tsx';

export {
  answerAfterFocusFixup,
  apiError,
  customerFixture as customer,
  fakeApi,
  startI18n,
  type FakeCall,
} from '@shop/shared/testing';

/** The area's real routes at `path`, with the session rules the shell applies. */
export function renderArea(path: string | { pathname: string; search?: string; state?: unknown }) {
  return renderRoutes(routes, path, { sessionGuard: true });
}
