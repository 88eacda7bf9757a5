import { matchPath, useLocation } from 'react-router-dom';
import { registerResources } from '@nsa/web-kit';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { NAMESPACE } from './namespace';
import { ParticipantsPage } from './pages/ParticipantsPage';
import './styles.css';

registerResources(NAMESPACE, { nl, en });

// Absolute patterns matched against the location, so the remote does not
// depend on how deep the shell mounted it.
export default function App() {
  const { pathname } = useLocation();
  const match = matchPath('/provider/:activityId', pathname);
  return match ? <ParticipantsPage activityId={match.params.activityId} /> : null;
}
