import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Page, Spinner } from '@nsa/web-kit';
import { useParticipants } from '../api/participants';
import { AccessDenied, MissingParams } from '../components/AccessDenied';
import { AttendanceView } from '../components/AttendanceView';
import { ParticipantsView } from '../components/ParticipantsView';
import { ViewTabs } from '../components/ViewTabs';
import {
  providerParams,
  providerView,
  type ProviderParams,
  type ProviderView,
} from '../lib/params';
import { NAMESPACE } from '../namespace';

/**
 * /provider/{activityId}?token=… (R-PROVIDER-PAGE): the approved participants of one
 * activity for whoever holds its link. The token stays in this page: no external links or
 * resources, and the gateway sends Referrer-Policy: no-referrer here.
 */
export function ParticipantsPage({ activityId }: { activityId: string | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  const { search } = useLocation();
  const params = providerParams(activityId, search);
  const view = providerView(search);
  return (
    <Page
      remote={NAMESPACE}
      page={view === 'attendance' ? 'provider-attendance' : 'provider'}
      title={view === 'attendance' ? t('attendance.title') : t('provider.title')}
      printable
    >
      {params ? (
        <Participants key={`${params.activityId}/${params.token}`} params={params} view={view} />
      ) : (
        <MissingParams />
      )}
    </Page>
  );
}

function Participants({ params, view }: { params: ProviderParams; view: ProviderView }) {
  const { t } = useTranslation(NAMESPACE);
  const query = useParticipants(params);

  if (query.isPending) return <Spinner label={t('provider.loading')} />;
  if (query.isError) {
    return <AccessDenied error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      <ViewTabs params={params} view={view} />
      {view === 'attendance' ? (
        <>
          <h2 className="prv-attendance-activity" data-testid="attendance-activity">
            {query.data.activity.title}
          </h2>
          <AttendanceView params={params} data={query.data} />
        </>
      ) : (
        <ParticipantsView data={query.data} />
      )}
    </>
  );
}
