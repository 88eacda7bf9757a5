import { Spinner } from '@nsa/web-kit';
import { useMySignup } from '../api/my-signup';
import { isolate } from '../lib/isolate';
import { actionsFor, childName, classifyMySignupError } from '../lib/my-signup';
import { useMySignupActions, type Ended } from '../lib/use-my-signup-actions';
import { usePartTranslation } from '../part-texts';
import { InvalidLink } from './MySignupEnded';
import { MySignupFrame } from './MySignupFrame';
import { SignupConfirmDialogs } from './SignupConfirmDialogs';
import { SignupDetails } from './SignupDetails';
import { SignupManageCard } from './SignupManageCard';
import { CalendarButton, OfferButtons } from './SignupStatusActions';
import { SignupStatusCard } from './SignupStatusCard';

/**
 * R-MY-SIGNUP-VIEW: one link's sign-up as the server has it: its status with what can be done
 * about it, the details, and withdrawing or erasing it.
 */
export function MySignupView({ token, onEnded }: { token: string; onEnded(ended: Ended): void }) {
  const { t } = usePartTranslation('my-signup');
  const query = useMySignup(token);
  const actions = useMySignupActions(token, onEnded);

  const queryFailure = query.isError ? classifyMySignupError(query.error) : null;
  if (queryFailure?.kind === 'invalid-link') return <InvalidLink />;

  if (!query.isSuccess) {
    return (
      <MySignupFrame title={t('mySignup.title')}>
        {query.isError ? (
          <div className="pub-card pub-state-card" data-state="error" role="alert">
            <h2>{t('mySignup.errorTitle')}</h2>
            <p>{queryFailure?.message ?? t('mySignup.connection')}</p>
            <div className="actions">
              <button type="button" className="button" onClick={() => void query.refetch()}>
                {t('mySignup.retry')}
              </button>
            </div>
          </div>
        ) : (
          <Spinner label={t('mySignup.loading')} />
        )}
      </MySignupFrame>
    );
  }

  const signup = query.data;
  const { status } = signup.registration;
  const can = actionsFor(status);
  const name = isolate(childName(signup));

  return (
    <MySignupFrame title={t('mySignup.title')}>
      <p className="pub-lead">{t('mySignup.lead', { name })}</p>
      {/* Always in the page, so that a message put into it is announced. */}
      <div ref={actions.noticeRef} tabIndex={-1} className="pub-my-signup-notice" role="alert">
        {actions.notice ? <p className="pub-notice pub-notice-warning">{actions.notice}</p> : null}
      </div>

      <SignupStatusCard signup={signup} headingRef={actions.statusRef}>
        {can.respondToOffer ? <OfferButtons actions={actions} /> : null}
        {can.calendar ? (
          <CalendarButton actions={actions} activityTitle={signup.activity.title} />
        ) : null}
      </SignupStatusCard>

      <SignupDetails signup={signup} />

      <SignupManageCard actions={actions} canWithdraw={can.withdraw} />

      <SignupConfirmDialogs
        actions={actions}
        status={status}
        name={name}
        activityTitle={signup.activity.title}
      />
    </MySignupFrame>
  );
}
