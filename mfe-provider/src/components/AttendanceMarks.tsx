import { useTranslation } from 'react-i18next';
import type { AttendanceSession, ParticipantsResponse } from '@nsa/contracts';
import type { useMarkQueue } from '../api/attendance';
import { useDateLabel } from '../lib/use-date-label';
import { NAMESPACE } from '../namespace';

/**
 * One session's children, each with a large present and an absent button (R-ATTENDANCE-PAGE);
 * pressing the one already pressed clears the mark.
 */
export function AttendanceMarks({
  session,
  participants,
  queue,
}: {
  session: AttendanceSession;
  participants: ParticipantsResponse['participants'];
  queue: ReturnType<typeof useMarkQueue>;
}) {
  const { t } = useTranslation(NAMESPACE);
  const dateLabel = useDateLabel();
  const { date } = session;
  const present = new Map(session.records.map((r) => [r.key, r.present]));

  if (participants.length === 0) {
    return (
      <p className="empty" data-testid="attendance-empty">
        {t('attendance.empty')}
      </p>
    );
  }
  return (
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
  );
}
