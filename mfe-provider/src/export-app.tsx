import { matchPath, useLocation } from 'react-router-dom';
import { registerResources } from '@nsa/web-kit';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { NAMESPACE } from './namespace';
import { ParticipantsPage } from './pages/ParticipantsPage';

registerResources(NAMESPACE, { nl, en });

// Absolute patterns matched against the location, so the remote does not
// depend on how deep the shell mounted it.
export default function App() {
  const { pathname } = useLocation();
  return matchPath('/provider/:activityId', pathname) ? <ParticipantsPage /> : null;
}
