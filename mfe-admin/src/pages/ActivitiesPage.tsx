import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActivityView } from '@nsa/contracts';
import { Page, Spinner, useToast } from '@nsa/web-kit';
import {
  activityInput,
  useAdminActivities,
  useDeleteActivity,
  useSaveActivity,
} from '../api/activities';
import { useBlocks } from '../api/blocks';
import { useProviders } from '../api/providers';
import { useSchools } from '../api/schools';
import { ActivityFormDialog, type ActivityDialogState } from '../components/ActivityFormDialog';
import { ActivityRow, type ActivityAction } from '../components/ActivityRow';
import { BackToDashboard } from '../components/BackLink';
import { LoadError } from '../components/LoadError';
import { ProviderLinkDialog } from '../components/ProviderLinkDialog';
import { actionError } from '../lib/errors';
import { NAMESPACE } from '../namespace';

const PREREQUISITES = [
  { key: 'schools', to: '/admin/schools' },
  { key: 'blocks', to: '/admin/blocks' },
  { key: 'providers', to: '/admin/providers' },
] as const;

/** /admin/activities: activities, their flags and provider links (spec §2 "Admin activities"). */
export function ActivitiesPage() {
  const { t } = useTranslation(NAMESPACE);
  const [dialog, setDialog] = useState<ActivityDialogState>(null);
  const [linkFor, setLinkFor] = useState<ActivityView | null>(null);
  const lists = { schools: useSchools(), blocks: useBlocks(), providers: useProviders() };
  // Spec §2 dashboard: schools, then blocks, then providers, then activities.
  const missing = PREREQUISITES.filter(({ key }) => lists[key].data?.length === 0);

  return (
    <Page remote={NAMESPACE} page="admin-activities" title={t('sections.activities')}>
      <BackToDashboard />
      {missing.length > 0 ? (
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
      ) : null}
      <section className="card" aria-labelledby="activities-heading">
        <div className="section-head">
          <h2 id="activities-heading">{t('activities.listTitle')}</h2>
          <button
            type="button"
            className="button"
            disabled={missing.length > 0}
            onClick={() => setDialog({ activity: null })}
          >
            {t('activities.add')}
          </button>
        </div>
        <ActivitiesTable
          onEdit={(activity) => setDialog({ activity })}
          onLink={setLinkFor}
          canAdd={missing.length === 0}
        />
      </section>
      <ActivityFormDialog state={dialog} onClose={() => setDialog(null)} />
      <ProviderLinkDialog activity={linkFor} onClose={() => setLinkFor(null)} />
    </Page>
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
  const remove = useDeleteActivity();

  if (activities.isPending) return <Spinner label={t('activities.loading')} />;
  if (activities.isError) {
    return (
      <LoadError
        message={t('activities.loadFailed')}
        onRetry={() => void activities.refetch()}
        testId="activities-error"
      />
    );
  }
  if (activities.data.length === 0) {
    return (
      <p className="empty" data-testid="activities-empty">
        {canAdd ? t('activities.empty') : t('activities.emptyNeedsFirst')}
      </p>
    );
  }

  const fail = (description: string) =>
    toast({ variant: 'destructive', title: t('common.failTitle'), description });

  // One PUT with the whole activity and one flag flipped (spec §4).
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

  const confirmDelete = (activity: ActivityView) => {
    if (!window.confirm(t('activities.confirmDelete', { title: activity.title }))) return;
    remove.mutate(activity.id, {
      onSuccess: () => {
        toast({ title: t('activities.deleted'), description: activity.title });
      },
      onError: (error) => fail(actionError(error, t('activities.deleteFailed'))),
    });
  };

  const onAction = (action: ActivityAction, activity: ActivityView) => {
    if (action === 'lock') toggle(activity, 'isLocked');
    else if (action === 'hide') toggle(activity, 'isHidden');
    else if (action === 'link') onLink(activity);
    else if (action === 'edit') onEdit(activity);
    else confirmDelete(activity);
  };

  const pendingFor = (id: number) => {
    const set = new Set<ActivityAction>();
    if (lock.isPending && lock.variables?.id === id) set.add('lock');
    if (hide.isPending && hide.variables?.id === id) set.add('hide');
    if (remove.isPending && remove.variables === id) set.add('delete');
    return set;
  };

  return (
    <>
      <div className="table-scroll">
        <table className="table stack activities" data-testid="activities-table">
          <caption className="visually-hidden">{t('activities.listTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('activities.col.title')}</th>
              <th scope="col">{t('activities.col.school')}</th>
              <th scope="col">{t('activities.col.block')}</th>
              <th scope="col">{t('activities.col.provider')}</th>
              <th scope="col">{t('activities.col.weekday')}</th>
              <th scope="col">{t('activities.col.time')}</th>
              <th scope="col">{t('activities.col.capacity')}</th>
              <th scope="col">{t('activities.col.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {activities.data.map((activity) => (
              <ActivityRow
                key={activity.id}
                activity={activity}
                pending={pendingFor(activity.id)}
                onAction={onAction}
              />
            ))}
          </tbody>
        </table>
      </div>
      <p className="legend muted">
        <span className="capacity" data-level="open">
          {t('activities.legend.open')}
        </span>
        <span className="capacity" data-level="almostFull">
          {t('activities.legend.almostFull')}
        </span>
        <span className="capacity" data-level="full">
          {t('activities.legend.full')}
        </span>
      </p>
    </>
  );
}
