import { useTranslation } from 'react-i18next';
import { ExportButton } from '@nsa/web-kit';
import { CSV_MIME } from '@nsa/web-kit/csv';
import type { ParticipantsResponse } from '@nsa/contracts';
import { buildParticipantsCsv } from '../lib/csv';
import { participantsCsvFileName } from '../lib/files';
import { useExportGuards } from '../lib/use-export-guards';
import { NAMESPACE } from '../namespace';
import { ParticipantsTable } from './ParticipantsTable';

/** The list view (R-PROVIDER-PAGE): the activity, its approved participants, print and CSV. */
export function ParticipantsView({ data }: { data: ParticipantsResponse }) {
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
