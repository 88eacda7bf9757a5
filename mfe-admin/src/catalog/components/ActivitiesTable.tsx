import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@nsa/contracts';
import { useAdminActivities } from '../api/activities';
import { useAttendanceRates } from '../../attendance/api/attendance';
import type { useBlocks } from '../api/blocks';
import type { useProviders } from '../api/providers';
import type { useSchools } from '../api/schools';
import { ActivityTable } from './ActivityCells';
import { ActivityFilters, useActivityFilters } from './ActivityFilters';
import { ActivityRow } from './ActivityRow';
import { CapacityLegend } from './Capacity';
import { ListStates } from '../../shared/components/crud/ListStates';
import { ActionsHeader } from '../../shared/components/crud/RowAction';
import { filterActivities, hasActivityFilters, NO_ACTIVITY_FILTERS } from '../lib/activity-filters';
import { useActivityActions } from '../lib/use-activity-actions';
import { NAMESPACE } from '../../namespace';

interface TableProps {
  onEdit: (activity: ActivityView) => void;
  onLink: (activity: ActivityView) => void;
  canAdd: boolean;
  lists: {
    schools: ReturnType<typeof useSchools>;
    blocks: ReturnType<typeof useBlocks>;
    providers: ReturnType<typeof useProviders>;
  };
}

/**
 * The activities (R-CATALOG-ACTIVITIES-SCREEN, R-ADMIN-ACTIVITIES-FILTER): filtered in the
 * address bar, counted, each with its capacity, attendance and menu of actions.
 */
export function ActivitiesTable({ onEdit, onLink, canAdd, lists }: TableProps) {
  const { t } = useTranslation(NAMESPACE);
  const activities = useAdminActivities();
  const rates = useAttendanceRates();
  const { filters, set } = useActivityFilters();
  const { onAction, pendingFor } = useActivityActions({ onEdit, onLink });

  return (
    <ListStates
      query={activities}
      texts={{
        loading: t('activities.loading'),
        loadFailed: t('activities.loadFailed'),
        empty: canAdd ? t('activities.empty') : t('activities.emptyNeedsFirst'),
      }}
      errorTestId="activities-error"
      emptyTestId="activities-empty"
    >
      {(all) => {
        // R-ADMIN-ACTIVITIES-FILTER: filtered in the browser, the whole list being read anyway.
        const items = filterActivities(all, filters);
        return (
          <>
            <ActivityFilters
              filters={filters}
              schools={lists.schools.data ?? []}
              blocks={lists.blocks.data ?? []}
              providers={lists.providers.data ?? []}
              onChange={set}
            />
            <p
              className="adm-muted adm-list-summary"
              aria-live="polite"
              data-testid="activities-count"
            >
              {hasActivityFilters(filters)
                ? t('activityFilters.shown', { count: items.length, total: all.length })
                : t('activityFilters.all', { count: all.length })}
            </p>
            {items.length === 0 ? (
              <div className="empty" data-testid="activities-empty-filtered">
                <p>{t('activityFilters.none')}</p>
                <button
                  type="button"
                  className="button secondary"
                  onClick={() => set(() => NO_ACTIVITY_FILTERS)}
                >
                  {t('activityFilters.clear')}
                </button>
              </div>
            ) : (
              <ActivityTable
                kind="activities"
                caption={t('activities.listTitle')}
                moreHeadCells={
                  <>
                    <th scope="col">{t('activities.col.when')}</th>
                    <th scope="col">{t('activities.col.capacity')}</th>
                    <th scope="col">{t('activities.col.attendance')}</th>
                    <th scope="col">{t('activities.col.status')}</th>
                    <ActionsHeader className="adm-actions-col" />
                  </>
                }
              >
                {items.map((activity) => (
                  <ActivityRow
                    key={activity.id}
                    activity={activity}
                    pending={pendingFor(activity.id)}
                    onAction={onAction}
                    attendance={rates.data?.get(activity.id) ?? null}
                  />
                ))}
              </ActivityTable>
            )}
            <CapacityLegend section="activities" />
          </>
        );
      }}
    </ListStates>
  );
}
