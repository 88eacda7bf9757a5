// What the shell and the remotes share as `react-router-dom` (see
// mf-shared.mjs): only the part of React Router the apps use. Every app keeps
// importing from 'react-router-dom'; a test checks that each name any app
// imports from a shared package is listed in its facade here.
export {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';
