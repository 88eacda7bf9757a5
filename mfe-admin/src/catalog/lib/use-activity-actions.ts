import { useTranslation } from 'react-i18next';
import type { ActivityView } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import { activityInput, useDeleteActivity, useSaveActivity } from '../api/activities';
import type { ActivityAction } from '../components/ActivityRow';
import { actionError } from '../../shared/lib/errors';
import { useConfirmDelete } from '../../shared/lib/use-confirm-delete';
import { NAMESPACE } from '../../namespace';

/**
 * What a row's menu does with an activity (R-CATALOG-ACTIVITIES-SCREEN, R-CATALOG-FLAGS): lock or
 * hide it (each told in a toast), open its provider link or its form, delete it after a confirm;
 * and which of its calls are running.
 */
export function useActivityActions({
  onEdit,
  onLink,
}: {
  onEdit: (activity: ActivityView) => void;
  onLink: (activity: ActivityView) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { toast } = useToast();
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

  return { onAction, pendingFor };
}
