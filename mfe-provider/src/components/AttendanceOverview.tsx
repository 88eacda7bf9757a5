import { useTranslation } from 'react-i18next';
import { ExportButton } from '@nsa/web-kit';
import { CSV_MIME } from '@nsa/web-kit/csv';
import { fileSafeName } from '@nsa/web-kit/download';
import type { AttendanceSession, ParticipantsResponse } from '@nsa/contracts';
import { buildAttendanceCsv } from '../lib/attendance';
import { useDateLabel } from '../lib/use-date-label';
import { useExportGuards } from '../lib/use-export-guards';
import { NAMESPACE } from '../namespace';

/** The whole attendance, dates as columns: printed, and as CSV (R-ATTENDANCE-PAGE). */
export function AttendanceOverview({
  title,
  sessions,
  participants,
}: {
  title: string;
  sessions: AttendanceSession[];
  participants: ParticipantsResponse['participants'];
}) {
  const { t } = useTranslation(NAMESPACE);
  const dateLabel = useDateLabel();
  const { hasRows, exportFailed } = useExportGuards(participants.length);
  const byDate = sessions.map((s) => new Map(s.records.map((r) => [r.key, r.present])));

  const exportCsv = async () => {
    if (!hasRows()) return undefined;
    const csv = await buildAttendanceCsv(sessions, participants);
    return {
      blob: new Blob([csv], { type: CSV_MIME }),
      fileName: `aanwezigheid-${fileSafeName(title, 'activiteit')}.csv`,
    };
  };

  return (
    <>
      <div className="prv-actions prv-no-print">
        <button
          type="button"
          className="button secondary"
          onClick={() => hasRows() && window.print()}
          data-testid="attendance-print"
        >
          {t('attendance.print')}
        </button>
        <ExportButton make={exportCsv} onFailure={exportFailed} data-testid="attendance-export">
          {t('attendance.export')}
        </ExportButton>
      </div>
      {/* Focusable, so a keyboard can scroll a grid wider than the screen. */}
      <div
        className="prv-table-wrap prv-attendance-overview"
        role="region"
        aria-label={t('attendance.overviewCaption', { title })}
        tabIndex={0}
        data-testid="attendance-overview"
      >
        <table className="prv-table prv-attendance-grid">
          <caption>{t('attendance.overviewCaption', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('provider.name')}</th>
              {sessions.map((s) => (
                <th scope="col" key={s.date} className="prv-attendance-cell">
                  {dateLabel(s.date)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {participants.map((p) => (
              <tr key={p.key}>
                <th scope="row">{p.childName}</th>
                {byDate.map((m, i) => {
                  const v = m.get(p.key);
                  return (
                    <td key={sessions[i]!.date} className="prv-attendance-cell">
                      {v === true
                        ? t('attendance.presentShort')
                        : v === false
                          ? t('attendance.absentShort')
                          : ''}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
