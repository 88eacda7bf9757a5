import { useTranslation } from 'react-i18next';
import type { useMarkQueue } from '../api/attendance';
import { NAMESPACE } from '../namespace';

/** "n marks waiting to be sent", offline, a refused link, marks that could not be kept. */
export function AttendanceQueue({ queue }: { queue: ReturnType<typeof useMarkQueue> }) {
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
