import { useTranslation } from 'react-i18next';
import type { ActivityView, AttendanceRate } from '@nsa/contracts';
import { ratePercent } from '../lib/activity-filters';
import { NAMESPACE } from '../../namespace';
import { ActivityCells } from './ActivityCells';
import { CapacityBar, WaitlistCount } from './Capacity';
import { RowMenu, type MenuItem } from './RowMenu';

export type ActivityAction = 'lock' | 'hide' | 'link' | 'edit' | 'delete';

interface Props {
  activity: ActivityView;
  /** Actions whose call for this row is running. */
  pending: ReadonlySet<ActivityAction>;
  onAction: (action: ActivityAction, activity: ActivityView) => void;
  /** R-ATTENDANCE-RATE: undefined while the rates load or when the call failed. */
  attendance?: AttendanceRate | null;
}

/**
 * One activity: locked rows tinted red, hidden rows grey (R-CATALOG-ACTIVITIES-SCREEN); its
 * actions in one menu (R-ADMIN-ACTIVITIES-FILTER).
 */
export function ActivityRow({ activity: a, pending, onAction, attendance }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const lockLabel = a.isLocked ? t('activities.unlock') : t('activities.lock');
  const hideLabel = a.isHidden ? t('activities.show') : t('activities.hide');
  const action = (key: ActivityAction, label: string, danger = false): MenuItem => ({
    key,
    label,
    disabled: pending.has(key),
    danger,
    onSelect: () => onAction(key, a),
  });
  const items: MenuItem[] = [
    action('edit', t('common.edit')),
    action('lock', lockLabel),
    action('hide', hideLabel),
    action('link', t('activities.providerLink')),
    // R-ATTENDANCE-ADMIN: the activity's attendance grid.
    { key: 'attendance', label: t('attendance.link'), to: `/admin/activities/${a.id}/attendance` },
    action('delete', t('common.delete'), true),
  ];
  const percent = ratePercent(attendance?.rate);

  return (
    <tr
      data-testid="activity-row"
      data-activity-id={a.id}
      data-locked={String(a.isLocked)}
      data-hidden={String(a.isHidden)}
    >
      <ActivityCells activity={a} />
      <td data-label={t('activities.col.when')} className="adm-nowrap">
        {t(`weekdays.${a.weekday}`)}
        <span className="adm-cell-hint adm-numeric">{a.startTime.slice(0, 5)}</span>
      </td>
      <td data-label={t('activities.col.capacity')}>
        <CapacityBar approved={a.approvedCount} offered={a.offeredCount} capacity={a.capacity} />
        {a.waitlistCount > 0 ? (
          <span className="adm-cell-hint adm-capacity-hint">
            <WaitlistCount count={a.waitlistCount} />
          </span>
        ) : null}
      </td>
      <td
        data-label={t('activities.col.attendance')}
        className="adm-numeric"
        data-testid="attendance-rate"
      >
        {percent === null ? (
          <span className="adm-muted">–</span>
        ) : (
          <>
            {t('activities.rate', { percent })}
            <span className="adm-cell-hint">
              {t('activities.rateSessions', { count: attendance?.sessionsMarked ?? 0 })}
            </span>
          </>
        )}
      </td>
      <td data-label={t('activities.col.status')} className="adm-status-cell">
        <span className="adm-badges">
          <span
            className="adm-badge"
            data-tone={a.isLocked ? 'locked' : 'ok'}
            data-testid="lock-badge"
          >
            {a.isLocked ? t('activities.locked') : t('activities.unlocked')}
          </span>
          <span
            className="adm-badge"
            data-tone={a.isHidden ? 'off' : 'ok'}
            data-testid="hide-badge"
          >
            {a.isHidden ? t('activities.hidden') : t('activities.visible')}
          </span>
        </span>
      </td>
      <td className="adm-actions-col">
        <RowMenu
          label={t('activities.actionsOf', { title: a.title })}
          text={t('common.actions')}
          items={items}
          testId="activity-menu"
        />
      </td>
    </tr>
  );
}
