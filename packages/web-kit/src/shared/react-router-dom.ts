// What the shell and the remotes share as `react-router-dom` (see
// mf-shared.mjs): only the part of React Router the apps use. Every app keeps
// importing from 'react-router-dom'; a test checks that each name any app
// imports from a shared package is listed in its facade here.
//
// The shell provides this module to every remote, also to remotes released before the shell was:
// a name stays here while a release still in use (or one to roll back to) imports it. matchPath
// is for remotes built before their pages were routes (RemoteRoutes); matchRoutes,
// renderMatches and useParams are what a remote built since needs, so the shell that has them
// is released before such a remote.
export {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  matchPath,
  matchRoutes,
  renderMatches,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
