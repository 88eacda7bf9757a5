import type { RegistrationStatus } from '@nsa/contracts';
import { isolate } from '../lib/isolate';
import { isActive } from '../lib/my-signup';
import type { MySignupActions } from '../lib/use-my-signup-actions';
import { usePartTranslation } from '../part-texts';
import { ConfirmDialog } from './ConfirmDialog';

/** The question asked before declining, withdrawing or erasing, whichever was clicked. */
export function SignupConfirmDialogs({
  actions,
  status,
  name,
  activityTitle,
}: {
  actions: MySignupActions;
  status: RegistrationStatus;
  /** The child's name, isolated. */
  name: string;
  activityTitle: string;
}) {
  const { t } = usePartTranslation('my-signup');
  const { confirm } = actions;
  const common = {
    busyLabel: t('mySignup.working'),
    cancelLabel: t('mySignup.back'),
    destructive: true,
    onClose: () => actions.setConfirm(null),
  };

  if (confirm === 'decline') {
    return (
      <ConfirmDialog
        key="decline"
        {...common}
        title={t('mySignup.confirmDecline.title')}
        confirmLabel={t('mySignup.confirmDecline.confirm')}
        busy={actions.actionPending}
        onConfirm={() => actions.run('decline')}
      >
        <p>{t('mySignup.confirmDecline.text', { name })}</p>
      </ConfirmDialog>
    );
  }
  if (confirm === 'withdraw') {
    return (
      <ConfirmDialog
        key="withdraw"
        {...common}
        title={t('mySignup.confirmWithdraw.title')}
        confirmLabel={t('mySignup.confirmWithdraw.confirm')}
        busy={actions.actionPending}
        onConfirm={() => actions.run('withdraw')}
      >
        <p>
          {t('mySignup.confirmWithdraw.text', { name, activity: isolate(activityTitle) })}{' '}
          {withdrawConsequence(status, name, t)}
          {t('mySignup.confirmWithdraw.final')}
        </p>
      </ConfirmDialog>
    );
  }
  if (confirm === 'erase') {
    return (
      <ConfirmDialog
        key="erase"
        {...common}
        title={t('mySignup.confirmErase.title')}
        confirmLabel={t('mySignup.confirmErase.confirm')}
        busy={actions.erasePending}
        onConfirm={actions.eraseData}
      >
        <p>{t('mySignup.confirmErase.text', { name })}</p>
        {isActive(status) ? <p>{t('mySignup.confirmErase.active')}</p> : null}
        <p>{t('mySignup.confirmErase.final')}</p>
      </ConfirmDialog>
    );
  }
  return null;
}

function withdrawConsequence(
  status: RegistrationStatus,
  name: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (status === 'approved') return `${t('mySignup.confirmWithdraw.approved')} `;
  if (status === 'waitlisted') return `${t('mySignup.confirmWithdraw.waitlisted', { name })} `;
  return '';
}
