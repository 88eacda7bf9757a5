import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ExportButton, Page, Spinner } from '@nsa/web-kit';
import { CSV_MIME } from '@nsa/web-kit/csv';
import type { ParticipantsResponse } from '@nsa/contracts';
import { useParticipants } from '../api/participants';
import { AccessDenied, MissingParams } from '../components/AccessDenied';
import { AttendanceView } from '../components/AttendanceView';
import { ParticipantsTable } from '../components/ParticipantsTable';
import { buildParticipantsCsv } from '../lib/csv';
import { participantsCsvFileName } from '../lib/files';
import { useExportGuards } from '../lib/use-export-guards';
import {
  providerParams,
  providerSearch,
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

/** The two views of the link (R-ATTENDANCE-PAGE): the list, and attendance. */
function ViewTabs({ params, view }: { params: ProviderParams; view: ProviderView }) {
  const { t } = useTranslation(NAMESPACE);
  const link = (v: ProviderView) => ({
    pathname: `/provider/${params.activityId}`,
    search: providerSearch(params.token, v),
  });
  return (
    <nav className="prv-tabs prv-no-print" aria-label={t('attendance.views')}>
      <Link
        to={link('list')}
        aria-current={view === 'list' ? 'page' : undefined}
        data-testid="provider-tab-list"
      >
        {t('attendance.listTab')}
      </Link>
      <Link
        to={link('attendance')}
        aria-current={view === 'attendance' ? 'page' : undefined}
        data-testid="provider-tab-attendance"
      >
        {t('attendance.tab')}
      </Link>
    </nav>
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

function ParticipantsView({ data }: { data: ParticipantsResponse }) {
  const { t } = useTranslation(NAMESPACE);
  const { activity, participants, participantCount } = data;
  const { hasRows, exportFailed } = useExportGuards(participants.length);

  const print = () => {
    if (hasRows()) window.print();
  };

  const exportCsv = async () => {
    if (!hasRows()) return undefined;
    const blob = new Blob([await buildParticipantsCsv(participants)], { type: CSV_MIME });
    return { blob, fileName: participantsCsvFileName(activity.title) };
  };

  return (
    <>
      <section
        className="prv-card"
        aria-labelledby="provider-activity"
        data-testid="provider-activity"
      >
        <h2 id="provider-activity" className="provider-activity-title">
          {activity.title}
        </h2>
        <dl className="prv-facts">
          <div>
            <dt>{t('provider.school')}</dt>
            <dd data-testid="provider-school">{activity.school}</dd>
          </div>
          <div>
            <dt>{t('provider.provider')}</dt>
            <dd data-testid="provider-provider">{activity.provider}</dd>
          </div>
          <div>
            <dt>{t('provider.count')}</dt>
            <dd data-testid="provider-count">{participantCount}</dd>
          </div>
        </dl>
      </section>

      <p className="prv-monitored" data-testid="provider-monitored">
        {t('provider.monitored')}
      </p>

      <div className="prv-actions prv-no-print">
        <button type="button" className="button" onClick={print} data-testid="provider-print">
          {t('provider.print')}
        </button>
        <ExportButton make={exportCsv} onFailure={exportFailed} data-testid="provider-export">
          {t('provider.export')}
        </ExportButton>
      </div>

      <ParticipantsTable title={activity.title} participants={participants} />
    </>
  );
}
