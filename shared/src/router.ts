/**
 * The router every area uses, inside the one @shop/shared instance (docs/decisions/0038-router-inside-shared.md).
 * Areas keep writing `import { … } from 'react-router-dom'`; their federated builds answer that import with these
 * names from the shared instance (shared/vite/throughShared.js), so the page has one router context and
 * only the parts listed here, instead of react-router-dom prebuilt whole as a share. A name an area needs is
 * added here; an area build that imports one missing here fails.
 * @public
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
