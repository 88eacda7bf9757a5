import { useParams } from 'react-router-dom';
import { pageRoutes, registerResources, RemoteRoutes } from '@nsa/web-kit';
import type { PROVIDER_PAGES } from '@nsa/web-kit/routes';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import { NAMESPACE } from './namespace';
import { ParticipantsPage } from './pages/ParticipantsPage';
import './styles.css';

registerResources(NAMESPACE, { nl, en });

function ParticipantsRoute() {
  return <ParticipantsPage activityId={useParams().activityId} />;
}

/** The provider remote's page at its path in the route table (PROVIDER_PAGES). */
export const routes = pageRoutes<typeof PROVIDER_PAGES>({
  '/provider/:activityId': <ParticipantsRoute />,
});

export default function App() {
  return <RemoteRoutes routes={routes} />;
}
