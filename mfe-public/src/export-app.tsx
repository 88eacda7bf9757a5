import { matchPath, useLocation } from 'react-router-dom';
import { registerResources } from '@nsa/web-kit';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { NAMESPACE } from './namespace';
import { LandingPage } from './pages/LandingPage';
import { SchoolPage } from './pages/SchoolPage';
import './styles.css';

registerResources(NAMESPACE, { nl, en });

// Absolute patterns matched against the location, so the remote does not
// depend on how deep the shell mounted it.
export default function App() {
  const { pathname } = useLocation();
  const school =
    matchPath('/schools/:token', pathname) ?? matchPath('/activities/:token', pathname);
  if (school) return <SchoolPage token={school.params.token ?? ''} />;
  if (matchPath('/', pathname)) return <LandingPage />;
  return null;
}
