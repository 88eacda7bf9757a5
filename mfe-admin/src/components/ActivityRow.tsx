import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActivityView } from '@nsa/contracts';
import { NAMESPACE } from '../namespace';
import { ActivityCells } from './ActivityCells';
import { CapacityCount, WaitlistCount } from './Capacity';

export type ActivityAction = 'lock' | 'hide' | 'link' | 'edit' | 'delete';

interface Props {
  activity: ActivityView;
  /** Actions whose call for this row is running. */
  pending: ReadonlySet<ActivityAction>;
  onAction: (action: ActivityAction, activity: ActivityView) => void;
}

/** One activity: locked rows tinted red, hidden rows grey (R-CATALOG-ACTIVITIES-SCREEN). */
export function ActivityRow({ activity: a, pending, onAction }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const button = (action: ActivityAction, label: string, aria: string, tone = 'secondary') => (
    <button
      type="button"
      className={`button ${tone} small`}
      aria-label={aria}
      data-action={action}
      disabled={pending.has(action)}
      onClick={() => onAction(action, a)}
    >
      {label}
    </button>
  );
  const lockLabel = a.isLocked ? t('activities.unlock') : t('activities.lock');
  const hideLabel = a.isHidden ? t('activities.show') : t('activities.hide');

  return (
    <tr
      data-testid="activity-row"
      data-activity-id={a.id}
      data-locked={String(a.isLocked)}
      data-hidden={String(a.isHidden)}
    >
      <ActivityCells activity={a} />
      <td data-label={t('activities.col.weekday')}>{t(`weekdays.${a.weekday}`)}</td>
      <td data-label={t('activities.col.time')} className="numeric">
        {a.startTime.slice(0, 5)}
      </td>
      <td data-label={t('activities.col.capacity')}>
        <CapacityCount
          section="activities"
          approved={a.approvedCount}
          offered={a.offeredCount}
          capacity={a.capacity}
        />
        {a.waitlistCount > 0 ? (
          <span className="cell-hint capacity-hint">
            <WaitlistCount count={a.waitlistCount} />
          </span>
        ) : null}
      </td>
      <td data-label={t('activities.col.status')} className="status-cell">
        <span className="badges">
          <span className="badge" data-tone={a.isLocked ? 'locked' : 'ok'} data-testid="lock-badge">
            {a.isLocked ? t('activities.locked') : t('activities.unlocked')}
          </span>
          <span className="badge" data-tone={a.isHidden ? 'off' : 'ok'} data-testid="hide-badge">
            {a.isHidden ? t('activities.hidden') : t('activities.visible')}
          </span>
        </span>
      </td>
      <td>
        <div className="row-actions">
          {button('lock', lockLabel, `${lockLabel}: ${a.title}`)}
          {button('hide', hideLabel, `${hideLabel}: ${a.title}`)}
          {button(
            'link',
            t('activities.providerLink'),
            t('activities.providerLinkOf', { title: a.title }),
          )}
          {/* R-ATTENDANCE-ADMIN: the activity's attendance grid. */}
          <Link
            className="button secondary small"
            to={`/admin/activities/${a.id}/attendance`}
            aria-label={t('attendance.linkOf', { title: a.title })}
            data-testid="activity-attendance-link"
          >
            {t('attendance.link')}
          </Link>
          {button('edit', t('common.edit'), t('activities.editOf', { title: a.title }))}
          {button(
            'delete',
            t('common.delete'),
            t('activities.deleteOf', { title: a.title }),
            'danger',
          )}
        </div>
      </td>
    </tr>
  );
}
