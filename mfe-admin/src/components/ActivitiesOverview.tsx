import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@nsa/contracts';
import { Spinner } from '@nsa/web-kit';
import { useAdminActivities } from '../api/activities';
import { registrationCapacityLevel } from '../lib/capacity';
import { NAMESPACE } from '../namespace';
import { LoadError } from './LoadError';
import { CapacityLegend } from './CapacityLegend';
import { ActionsHeader, RowAction } from './crud/RowAction';

/**
 * The activities tab: every activity with its approved sign-ups against its
 * capacity, in the registrations list's colours (80 % rule). Read-only; the
 * button opens the sign-ups tab filtered on that activity.
 */
export function ActivitiesOverview({
  onShowSignups,
}: {
  onShowSignups: (a: ActivityView) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const activities = useAdminActivities();

  let content;
  if (activities.isPending) {
    content = <Spinner label={t('activities.loading')} />;
  } else if (activities.isError) {
    content = (
      <LoadError
        message={t('activities.loadFailed')}
        onRetry={() => void activities.refetch()}
        testId="overview-error"
      />
    );
  } else if (activities.data.length === 0) {
    content = (
      <p className="empty" data-testid="overview-empty">
        {t('activities.emptyNeedsFirst')}
      </p>
    );
  } else {
    content = (
      <div className="table-scroll">
        <table className="table stack overview" data-testid="overview-table">
          <caption className="visually-hidden">{t('registrations.overview.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('activities.col.title')}</th>
              <th scope="col">{t('activities.col.school')}</th>
              <th scope="col">{t('activities.col.block')}</th>
              <th scope="col">{t('activities.col.provider')}</th>
              <th scope="col">{t('registrations.overview.when')}</th>
              <th scope="col">{t('registrations.overview.approved')}</th>
              <ActionsHeader className="actions-col" />
            </tr>
          </thead>
          <tbody>
            {activities.data.map((a) => {
              const approved = a.approvedCount ?? 0;
              const level = registrationCapacityLevel(approved, a.capacity);
              return (
                <tr key={a.id} data-testid="overview-row" data-activity-id={a.id}>
                  <th scope="row">{a.title}</th>
                  <td data-label={t('activities.col.school')}>{a.school?.name}</td>
                  <td data-label={t('activities.col.block')}>
                    {a.block?.name}
                    {a.block ? (
                      <span className="cell-hint">
                        {t('activities.weeks', { start: a.block.weekStart, end: a.block.weekEnd })}
                      </span>
                    ) : null}
                  </td>
                  <td data-label={t('activities.col.provider')}>{a.provider?.name}</td>
                  <td data-label={t('registrations.overview.when')}>
                    {t(`weekdays.${a.weekday}`)} {a.startTime.slice(0, 5)}
                  </td>
                  <td data-label={t('registrations.overview.approved')}>
                    <span className="capacity" data-level={level} data-testid="capacity">
                      {approved}/{a.capacity}
                    </span>
                    <span className="visually-hidden">
                      {' '}
                      {t(`registrations.capacityLevel.${level}`)}
                    </span>
                  </td>
                  <td className="actions-col">
                    <div className="row-actions">
                      <RowAction
                        label={t('registrations.overview.showOf', { title: a.title })}
                        onClick={() => onShowSignups(a)}
                      >
                        {t('registrations.overview.show')}
                      </RowAction>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="card" aria-labelledby="overview-heading" data-testid="overview-panel">
      <div className="section-head">
        <h2 id="overview-heading">{t('registrations.overview.title')}</h2>
      </div>
      {content}
      <CapacityLegend section="registrations" />
    </section>
  );
}
