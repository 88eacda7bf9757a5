import { matchPath, useLocation } from 'react-router-dom';
import { registerResources } from '@nsa/web-kit';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { NAMESPACE } from './namespace';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';

registerResources(NAMESPACE, { nl, en });

// Absolute patterns matched against the location, so the remote does not
// depend on how deep the shell mounted it.
export default function App() {
  const { pathname } = useLocation();
  if (matchPath('/login', pathname)) return <LoginPage />;
  if (matchPath('/reset-password', pathname)) return <ResetPasswordPage />;
  if (matchPath('/admin/*', pathname)) return <DashboardPage />;
  return null;
}
