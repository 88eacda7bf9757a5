import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@nsa/web-kit';
import type { AttendanceSession, ParticipantsResponse } from '@nsa/contracts';
import { useAttendance, useMarkQueue } from '../api/attendance';
import { nearestSession, sessionCounts, todayInAmsterdam, withQueued } from '../lib/attendance';
import type { ProviderParams } from '../lib/params';
import { NAMESPACE } from '../namespace';
import { AccessDenied } from './AccessDenied';
import { AttendanceMarks } from './AttendanceMarks';
import { AttendanceOverview } from './AttendanceOverview';
import { AttendancePicker } from './AttendancePicker';
import { AttendanceQueue } from './AttendanceQueue';

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

/** The session picked (at first the nearest), its marks, and the overview of all sessions. */
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

  return (
    <>
      <div className="attendance-today prv-no-print" data-testid="attendance-today">
        <AttendancePicker dates={dates} date={date} today={today} onPick={setPicked} />
        <p className="prv-attendance-summary" data-testid="attendance-summary">
          {t('attendance.summary', counts)}
        </p>
        <AttendanceQueue queue={queue} />
        <AttendanceMarks session={session} participants={participants} queue={queue} />
        <p className="prv-attendance-hint">{t('attendance.hint')}</p>
      </div>

      <AttendanceOverview title={activity.title} sessions={sessions} participants={participants} />
    </>
  );
}
