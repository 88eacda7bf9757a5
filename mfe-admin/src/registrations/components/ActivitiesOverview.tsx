import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@nsa/contracts';
import { useAdminActivities } from '../../catalog/api/activities';
import { NAMESPACE } from '../../namespace';
import { ActivityCells, ActivityTable } from '../../catalog/components/ActivityCells';
import { CapacityCount, CapacityLegend, WaitlistCount } from '../../catalog/components/Capacity';
import { ListStates } from '../../shared/components/crud/ListStates';
import { ActionsHeader, RowAction } from '../../shared/components/crud/RowAction';
import { WaitlistDialog } from './WaitlistDialog';

/**
 * The activities tab: every activity with its places taken (approved and offered,
 * R-WAITLIST-CAPACITY) against its capacity, in the registrations list's colours (80 % rule),
 * and how many wait in line. Read-only; one button opens the sign-ups tab filtered on that
 * activity, the other its waiting list (R-WAITLIST-ADMIN).
 */
export function ActivitiesOverview({
  onShowSignups,
}: {
  onShowSignups: (a: ActivityView) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const activities = useAdminActivities();
  const [waitlistFor, setWaitlistFor] = useState<ActivityView | null>(null);

  return (
    <section className="adm-card" aria-labelledby="overview-heading" data-testid="overview-panel">
      <div className="adm-section-head">
        <h2 id="overview-heading">{t('registrations.overview.title')}</h2>
      </div>
      <ListStates
        query={activities}
        texts={{
          loading: t('activities.loading'),
          loadFailed: t('activities.loadFailed'),
          empty: t('activities.emptyNeedsFirst'),
        }}
        errorTestId="overview-error"
        emptyTestId="overview-empty"
      >
        {(items) => (
          <ActivityTable
            kind="overview"
            caption={t('registrations.overview.title')}
            moreHeadCells={
              <>
                <th scope="col">{t('registrations.overview.when')}</th>
                <th scope="col">{t('registrations.overview.approved')}</th>
                <th scope="col">{t('registrations.overview.waitlist')}</th>
                <ActionsHeader className="adm-actions-col" />
              </>
            }
          >
            {items.map((a) => (
              <tr key={a.id} data-testid="overview-row" data-activity-id={a.id}>
                <ActivityCells activity={a} />
                <td data-label={t('registrations.overview.when')}>
                  {t(`weekdays.${a.weekday}`)} {a.startTime.slice(0, 5)}
                </td>
                <td data-label={t('registrations.overview.approved')}>
                  <CapacityCount
                    section="registrations"
                    approved={a.approvedCount}
                    offered={a.offeredCount}
                    capacity={a.capacity}
                  />
                </td>
                <td data-label={t('registrations.overview.waitlist')} className="adm-numeric">
                  <WaitlistCount count={a.waitlistCount} inColumn />
                </td>
                <td className="adm-actions-col">
                  <div className="adm-row-actions">
                    <RowAction
                      label={t('registrations.overview.showOf', { title: a.title })}
                      onClick={() => onShowSignups(a)}
                    >
                      {t('registrations.overview.show')}
                    </RowAction>
                    <RowAction
                      label={t('registrations.overview.waitlistOf', { title: a.title })}
                      onClick={() => setWaitlistFor(a)}
                    >
                      {t('registrations.overview.waitlistShow')}
                    </RowAction>
                  </div>
                </td>
              </tr>
            ))}
          </ActivityTable>
        )}
      </ListStates>
      <CapacityLegend section="registrations" />
      <WaitlistDialog activity={waitlistFor} onClose={() => setWaitlistFor(null)} />
    </section>
  );
}
