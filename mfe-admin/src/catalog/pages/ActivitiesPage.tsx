import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActivityView } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import {
  activityInput,
  useAdminActivities,
  useDeleteActivity,
  useSaveActivity,
} from '../api/activities';
import { useAttendanceRates } from '../../attendance/api/attendance';
import { useBlocks } from '../api/blocks';
import { useProviders } from '../api/providers';
import { useSchools } from '../api/schools';
import { ActivityTable } from '../components/ActivityCells';
import { ActivityFilters, useActivityFilters } from '../components/ActivityFilters';
import { ActivityFormDialog } from '../components/ActivityFormDialog';
import { ActivityRow, type ActivityAction } from '../components/ActivityRow';
import { CapacityLegend } from '../components/Capacity';
import { CrudPage } from '../../shared/components/crud/CrudPage';
import { ListStates } from '../../shared/components/crud/ListStates';
import { ActionsHeader } from '../../shared/components/crud/RowAction';
import { ProviderLinkDialog } from '../components/ProviderLinkDialog';
import { filterActivities, hasActivityFilters, NO_ACTIVITY_FILTERS } from '../lib/activity-filters';
import { actionError } from '../../shared/lib/errors';
import { useConfirmDelete } from '../../shared/lib/use-confirm-delete';
import { NAMESPACE } from '../../namespace';

const PREREQUISITES = [
  { key: 'schools', to: '/admin/schools' },
  { key: 'blocks', to: '/admin/blocks' },
  { key: 'providers', to: '/admin/providers' },
] as const;

/** /admin/activities: activities, their flags and provider links (R-CATALOG-ACTIVITIES-SCREEN). */
export function ActivitiesPage() {
  const { t } = useTranslation(NAMESPACE);
  const [linkFor, setLinkFor] = useState<ActivityView | null>(null);
  const lists = { schools: useSchools(), blocks: useBlocks(), providers: useProviders() };
  // R-CATALOG-ORDER: schools, then blocks, then providers, then activities.
  const missing = PREREQUISITES.filter(({ key }) => lists[key].data?.length === 0);

  return (
    <CrudPage<ActivityView>
      page="admin-activities"
      title={t('sections.activities')}
      heading={{ id: 'activities-heading', text: t('activities.listTitle') }}
      addLabel={t('activities.add')}
      addDisabled={missing.length > 0}
      before={
        missing.length > 0 ? (
          <div className="adm-hint" data-testid="activities-prerequisites">
            <p>{t('activities.needsFirst')}</p>
            <ul>
              {missing.map(({ key, to }) => (
                <li key={key}>
                  <Link to={to}>{t(`activities.missing.${key}`)}</Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null
      }
      list={(edit) => (
        <ActivitiesTable
          onEdit={edit}
          onLink={setLinkFor}
          canAdd={missing.length === 0}
          lists={lists}
        />
      )}
      dialog={(state, close) => <ActivityFormDialog state={state} onClose={close} />}
    >
      <ProviderLinkDialog activity={linkFor} onClose={() => setLinkFor(null)} />
    </CrudPage>
  );
}

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

function ActivitiesTable({ onEdit, onLink, canAdd, lists }: TableProps) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const activities = useAdminActivities();
  const rates = useAttendanceRates();
  const { filters, set } = useActivityFilters();
  const lock = useSaveActivity();
  const hide = useSaveActivity();
  const deleteActivity = useDeleteActivity();
  const remove = useConfirmDelete<ActivityView>(deleteActivity, {
    confirm: (activity) => t('activities.confirmDelete', { title: activity.title }),
    deleted: (activity) => ({ title: t('activities.deleted'), description: activity.title }),
    failed: (error) => ({
      title: t('common.failTitle'),
      description: actionError(error, t('activities.deleteFailed')),
    }),
  });

  const fail = (description: string) =>
    toast({ variant: 'destructive', title: t('common.failTitle'), description });

  // One PUT with the whole activity and one flag flipped (R-CATALOG-FLAGS).
  const toggle = (activity: ActivityView, flag: 'isLocked' | 'isHidden') => {
    const mutation = flag === 'isLocked' ? lock : hide;
    const next = !activity[flag];
    mutation.mutate(
      { id: activity.id, input: { ...activityInput(activity), [flag]: next } },
      {
        onSuccess: () => {
          const done =
            flag === 'isLocked' ? (next ? 'locked' : 'unlocked') : next ? 'hidden' : 'shown';
          toast({ title: t(`activities.done.${done}`), description: activity.title });
        },
        onError: (error) =>
          fail(
            actionError(
              error,
              t(flag === 'isLocked' ? 'activities.lockFailed' : 'activities.hideFailed'),
            ),
          ),
      },
    );
  };

  const onAction = (action: ActivityAction, activity: ActivityView) => {
    if (action === 'lock') toggle(activity, 'isLocked');
    else if (action === 'hide') toggle(activity, 'isHidden');
    else if (action === 'link') onLink(activity);
    else if (action === 'edit') onEdit(activity);
    else remove.confirmDelete(activity);
  };

  const pendingFor = (id: number) => {
    const set = new Set<ActivityAction>();
    if (lock.isPending && lock.variables?.id === id) set.add('lock');
    if (hide.isPending && hide.variables?.id === id) set.add('hide');
    if (deleteActivity.isPending && deleteActivity.variables === id) set.add('delete');
    return set;
  };

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
