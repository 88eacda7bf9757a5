import { useTranslation } from 'react-i18next';
import { useDateLabel } from '../lib/use-date-label';
import { NAMESPACE } from '../namespace';

/** The session shown: the one before, any of them from a list, the one after. */
export function AttendancePicker({
  dates,
  date,
  today,
  onPick,
}: {
  dates: string[];
  /** The session shown; one of dates. */
  date: string;
  today: string;
  onPick(date: string): void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const dateLabel = useDateLabel();
  const index = dates.indexOf(date);
  return (
    <div className="prv-attendance-picker">
      <button
        type="button"
        className="button secondary prv-attendance-step"
        onClick={() => onPick(dates[index - 1]!)}
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
          onChange={(e) => onPick(e.target.value)}
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
        onClick={() => onPick(dates[index + 1]!)}
        disabled={index >= dates.length - 1}
        aria-label={t('attendance.next')}
        data-testid="attendance-next"
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
