import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton, Spinner } from '@nsa/web-kit';
import { CSV_MIME } from '@nsa/web-kit/csv';
import { fileSafeName } from '@nsa/web-kit/download';
import type { AttendanceSession, ParticipantsResponse } from '@nsa/contracts';
import { useAttendance, useMarkQueue } from '../api/attendance';
import {
  buildAttendanceCsv,
  nearestSession,
  sessionCounts,
  todayInAmsterdam,
  withQueued,
} from '../lib/attendance';
import type { ProviderParams } from '../lib/params';
import { useExportGuards } from '../lib/use-export-guards';
import { NAMESPACE } from '../namespace';
import { AccessDenied } from './AccessDenied';

/** A session's date as the reader says it, e.g. "wo 4 mrt" (a block lies within one year). */
function useDateLabel() {
  const { i18n } = useTranslation(NAMESPACE);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'nl-NL', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    return (date: string) => format.format(new Date(`${date}T12:00:00Z`));
  }, [i18n.language]);
}

/**
 * R-ATTENDANCE-PAGE: today's session (else the nearest) with a large present and an absent
 * button per child, a picker for the other sessions, and the whole attendance to print or
 * export. Marks wait in the browser until the server has them.
 */
export function AttendanceView({
  params,
  data,
}: {
  params: ProviderParams;
  data: ParticipantsResponse;
}) {
  const { t } = useTranslation(NAMESPACE);
  const query = useAttendance(params);
  const queue = useMarkQueue(params);

  if (query.isPending) return <Spinner label={t('attendance.loading')} />;
  if (query.isError) {
    return <AccessDenied error={query.error} onRetry={() => void query.refetch()} />;
  }
  return (
    <AttendanceSessions
      data={data}
      sessions={withQueued(query.data.sessions, queue.queue)}
      queue={queue}
    />
  );
}

function AttendanceSessions({
  data,
  sessions,
  queue,
}: {
  data: ParticipantsResponse;
  sessions: AttendanceSession[];
  queue: ReturnType<typeof useMarkQueue>;
}) {
  const { t } = useTranslation(NAMESPACE);
  const dateLabel = useDateLabel();
  const today = todayInAmsterdam();
  const dates = sessions.map((s) => s.date);
  const [picked, setPicked] = useState<string | null>(null);
  const date = picked && dates.includes(picked) ? picked : nearestSession(dates, today);
  const index = date ? dates.indexOf(date) : -1;
  const session = sessions[index];
  const counts = sessionCounts(session);
  const { participants, activity } = data;

  if (!date || !session) {
    return (
      <p className="empty" data-testid="attendance-no-sessions">
        {t('attendance.noSessions')}
      </p>
    );
  }
  const present = new Map(session.records.map((r) => [r.key, r.present]));

  return (
    <>
      <div className="attendance-today prv-no-print" data-testid="attendance-today">
        <div className="prv-attendance-picker">
          <button
            type="button"
            className="button secondary prv-attendance-step"
            onClick={() => setPicked(dates[index - 1]!)}
            disabled={index <= 0}
            aria-label={t('attendance.previous')}
            data-testid="attendance-previous"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <label className="prv-attendance-select">
            <span className="visually-hidden">{t('attendance.session')}</span>
            <select
              value={date}
              onChange={(e) => setPicked(e.target.value)}
              data-testid="attendance-session"
            >
              {dates.map((d) => (
                <option key={d} value={d}>
                  {dateLabel(d)}
                  {d === today ? ` (${t('attendance.today')})` : ''}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button secondary prv-attendance-step"
            onClick={() => setPicked(dates[index + 1]!)}
            disabled={index >= dates.length - 1}
            aria-label={t('attendance.next')}
            data-testid="attendance-next"
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>

        <p className="prv-attendance-summary" data-testid="attendance-summary">
          {t('attendance.summary', counts)}
        </p>
        <QueueState queue={queue} />

        {participants.length === 0 ? (
          <p className="empty" data-testid="attendance-empty">
            {t('attendance.empty')}
          </p>
        ) : (
          <ul className="prv-attendance-list" aria-label={dateLabel(date)}>
            {participants.map((p) => {
              const value = present.get(p.key) ?? null;
              const set = (next: boolean) => queue.mark(date, p.key, value === next ? null : next);
              return (
                <li
                  key={p.key}
                  className="prv-attendance-child"
                  data-testid="attendance-child"
                  data-state={value === null ? 'open' : value ? 'present' : 'absent'}
                >
                  <span className="prv-attendance-name" id={`attendance-name-${p.key}`}>
                    {p.childName}
                  </span>
                  <div
                    className="prv-attendance-buttons"
                    role="group"
                    aria-labelledby={`attendance-name-${p.key}`}
                  >
                    <button
                      type="button"
                      className="prv-attendance-mark prv-attendance-present"
                      aria-pressed={value === true}
                      onClick={() => set(true)}
                      data-testid="attendance-present"
                    >
                      {t('attendance.present')}
                    </button>
                    <button
                      type="button"
                      className="prv-attendance-mark prv-attendance-absent"
                      aria-pressed={value === false}
                      onClick={() => set(false)}
                      data-testid="attendance-absent"
                    >
                      {t('attendance.absent')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <p className="prv-attendance-hint">{t('attendance.hint')}</p>
      </div>

      <Overview title={activity.title} sessions={sessions} participants={participants} />
    </>
  );
}

/** "n marks waiting to be sent", offline, a refused link, marks that could not be kept. */
function QueueState({ queue }: { queue: ReturnType<typeof useMarkQueue> }) {
  const { t } = useTranslation(NAMESPACE);
  const waiting = queue.queue.length;
  return (
    <div
      className="prv-attendance-queue"
      role="status"
      aria-live="polite"
      data-testid="attendance-queue"
    >
      {!queue.online ? <p className="prv-attendance-offline">{t('attendance.offline')}</p> : null}
      {queue.linkRefused ? (
        <p className="prv-attendance-refused">{t('attendance.linkRefused')}</p>
      ) : null}
      {queue.dropped > 0 ? (
        <p className="prv-attendance-refused">
          {t('attendance.dropped', { count: queue.dropped })}
        </p>
      ) : null}
      {waiting > 0 ? (
        <p className="prv-attendance-waiting" data-testid="attendance-waiting">
          <span>{t('attendance.waiting', { count: waiting })}</span>
          {queue.online ? (
            <button type="button" className="button secondary" onClick={() => void queue.retry()}>
              {t('attendance.sendNow')}
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** The whole attendance, dates as columns: printed, and as CSV (R-ATTENDANCE-PAGE). */
function Overview({
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
