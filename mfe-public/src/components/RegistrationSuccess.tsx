import type { RefObject } from 'react';
import type { RegistrationDone } from '../lib/use-registration-form';
import { isolate } from '../lib/isolate';
import { usePartTranslation } from '../part-texts';
import { momentText } from './window-text';

/**
 * R-SIGNUP-FORM-DONE: the sign-up dialog once the server has the sign-up; its close button
 * takes the focus (the dialog moves it there).
 */
export function RegistrationSuccess({
  done,
  today,
  closeRef,
  onClose,
}: {
  done: RegistrationDone;
  today: Date;
  closeRef: RefObject<HTMLButtonElement | null>;
  onClose(): void;
}) {
  const { t } = usePartTranslation('registration');
  return (
    <div className="pub-dialog-success" role="status">
      <SuccessText done={done} today={today} />
      <p>{t('registration.confirmationEmail')}</p>
      <div className="actions">
        <button ref={closeRef} type="button" className="button" onClick={onClose}>
          {t('registration.close')}
        </button>
      </div>
    </div>
  );
}

function SuccessText({ done, today }: { done: RegistrationDone; today: Date }) {
  const { t, i18n } = usePartTranslation('registration');
  const name = done.name ? isolate(done.name) : t('registration.successFallbackName');
  if (done.lotteryClosesAt) {
    const closes = momentText(t, i18n.language, done.lotteryClosesAt, {
      style: 'long',
      now: today,
    });
    return (
      <>
        <h3>{t('registration.lotterySuccessTitle')}</h3>
        <p>{t('registration.lotterySuccessText', { name, closes })}</p>
      </>
    );
  }
  if (done.status !== 'waitlisted') {
    return (
      <>
        <h3>{t('registration.successTitle')}</h3>
        <p>{t('registration.successText', { name })}</p>
      </>
    );
  }
  return (
    <>
      <h3>{t('registration.waitlistSuccessTitle')}</h3>
      <p>
        {done.position !== null
          ? t('registration.waitlistSuccessText', { name, position: done.position })
          : t('registration.waitlistSuccessTextNoPosition', { name })}
      </p>
    </>
  );
}
