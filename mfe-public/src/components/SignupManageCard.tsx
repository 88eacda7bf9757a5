import { useId } from 'react';
import type { MySignupActions } from '../lib/use-my-signup-actions';
import { usePartTranslation } from '../part-texts';

/** Withdraw the sign-up (where its status allows) and erase the data (R-ERASE), asked first. */
export function SignupManageCard({
  actions,
  canWithdraw,
}: {
  actions: MySignupActions;
  canWithdraw: boolean;
}) {
  const { t } = usePartTranslation('my-signup');
  const titleId = useId();
  return (
    <section className="pub-card pub-manage-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('mySignup.manageTitle')}</h2>
      {canWithdraw ? (
        <div className="pub-manage-item">
          <p>{t('mySignup.withdrawText')}</p>
          <button
            type="button"
            className="button secondary"
            aria-disabled={actions.busy || undefined}
            onClick={() => actions.setConfirm('withdraw')}
          >
            {t('mySignup.withdraw')}
          </button>
        </div>
      ) : null}
      <div className="pub-manage-item">
        <p>{t('mySignup.eraseText')}</p>
        <button
          type="button"
          className="button secondary pub-danger-outline"
          aria-disabled={actions.busy || undefined}
          onClick={() => actions.setConfirm('erase')}
        >
          {t('mySignup.erase')}
        </button>
      </div>
    </section>
  );
}
