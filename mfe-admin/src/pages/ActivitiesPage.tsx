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
import { useBlocks } from '../api/blocks';
import { useProviders } from '../api/providers';
import { useSchools } from '../api/schools';
import { ActivityTable } from '../components/ActivityCells';
import { ActivityFormDialog } from '../components/ActivityFormDialog';
import { ActivityRow, type ActivityAction } from '../components/ActivityRow';
import { CapacityLegend } from '../components/Capacity';
import { CrudPage } from '../components/crud/CrudPage';
import { ListStates } from '../components/crud/ListStates';
import { ActionsHeader } from '../components/crud/RowAction';
import { ProviderLinkDialog } from '../components/ProviderLinkDialog';
import { actionError } from '../lib/errors';
import { useConfirmDelete } from '../lib/use-confirm-delete';
import { NAMESPACE } from '../namespace';

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
          <div className="hint" data-testid="activities-prerequisites">
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
        <ActivitiesTable onEdit={edit} onLink={setLinkFor} canAdd={missing.length === 0} />
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
}

function ActivitiesTable({ onEdit, onLink, canAdd }: TableProps) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
  const activities = useAdminActivities();
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
      {(items) => (
        <>
          <ActivityTable
            kind="activities"
            caption={t('activities.listTitle')}
            moreHeadCells={
              <>
                <th scope="col">{t('activities.col.weekday')}</th>
                <th scope="col">{t('activities.col.time')}</th>
                <th scope="col">{t('activities.col.capacity')}</th>
                <th scope="col">{t('activities.col.status')}</th>
                <ActionsHeader />
              </>
            }
          >
            {items.map((activity) => (
              <ActivityRow
                key={activity.id}
                activity={activity}
                pending={pendingFor(activity.id)}
                onAction={onAction}
              />
            ))}
          </ActivityTable>
          <CapacityLegend section="activities" />
        </>
      )}
    </ListStates>
  );
}
