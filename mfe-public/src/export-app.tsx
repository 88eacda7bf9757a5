import { matchPath, useLocation } from 'react-router-dom';
import { registerResources, useNamespaceTexts } from '@nsa/web-kit';
import nl from './i18n/nl.json';
import { NAMESPACE } from './namespace';
import { LandingPage } from './pages/LandingPage';
import { SchoolPage } from './pages/SchoolPage';
import './styles.css';

// English is loaded when it is the page's language or chosen, not with every page.
registerResources(NAMESPACE, {
  nl,
  en: () => import(/* webpackChunkName: "i18n-en" */ './i18n/en.json'),
});

// Absolute patterns matched against the location, so the remote does not
// depend on how deep the shell mounted it.
export default function App() {
  useNamespaceTexts(NAMESPACE);
  const { pathname } = useLocation();
  const school =
    matchPath('/schools/:token', pathname) ?? matchPath('/activities/:token', pathname);
  if (school) return <SchoolPage token={school.params.token ?? ''} />;
  if (matchPath('/', pathname)) return <LandingPage />;
  return null;
}
