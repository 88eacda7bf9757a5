import type { RefObject } from 'react';
import type { RegistrationField } from '../lib/registration-form';
import type { RegistrationFormState } from '../lib/use-registration-form';
import { usePartTranslation } from '../part-texts';
import { RegistrationFields } from './RegistrationFields';
import { momentText } from './window-text';

export interface RegistrationFormProps {
  form: RegistrationFormState;
  formRef: RefObject<HTMLFormElement | null>;
  /** The id of the note on required fields, which describes the form. */
  noteId: string;
  fieldId(field: RegistrationField): string;
  /** R-WAITLIST-JOIN: the activity was full when the dialog opened. */
  openedFull: boolean;
  /** R-DRAW-WINDOW: the end of the lottery window the sign-up enters, or null. */
  lotteryClosesAt: string | null;
  today: Date;
  /** The cancel (or, once the window refused, close) button, which the dialog may focus. */
  cancelRef: RefObject<HTMLButtonElement | null>;
  /** The buttons' row, which the dialog brings into view when the waiting list is offered. */
  actionsRef: RefObject<HTMLDivElement | null>;
  onClose(): void;
}

/**
 * The sign-up form: what the sign-up enters, the error summary, the fields, what the server
 * answered instead of a sign-up (full, or outside the window) and the buttons.
 */
export function RegistrationForm({
  form,
  formRef,
  noteId,
  fieldId,
  openedFull,
  lotteryClosesAt,
  today,
  cancelRef,
  actionsRef,
  onClose,
}: RegistrationFormProps) {
  const { t, i18n } = usePartTranslation('registration');
  const { pending, refused, waitlist } = form;
  return (
    <form ref={formRef} noValidate onSubmit={form.submit} aria-describedby={noteId}>
      {openedFull ? (
        <p className="pub-notice pub-waitlist-intro">{t('registration.waitlistIntro')}</p>
      ) : null}
      {lotteryClosesAt ? (
        <p className="pub-notice pub-waitlist-intro">
          {t('registration.lotteryIntro', {
            closes: momentText(t, i18n.language, lotteryClosesAt, {
              style: 'long',
              now: today,
            }),
          })}
        </p>
      ) : null}
      <p id={noteId} className="pub-required-note">
        {t('registration.requiredNote')}
      </p>
      <div className="pub-form-alert" role="alert">
        {form.alertText ? <p>{form.alertText}</p> : null}
      </div>

      <RegistrationFields
        values={form.values}
        errors={form.errors}
        fieldId={fieldId}
        change={form.change}
        today={today}
      />

      {/* Announced as it appears; not a second role="alert": the form has one already. */}
      <div className="pub-full-offer" aria-live="assertive" aria-atomic="true">
        {form.fullOffer ? (
          <>
            <h3>{t('registration.fullOfferTitle')}</h3>
            <p>{t('registration.fullOfferText')}</p>
          </>
        ) : null}
      </div>
      <div className="pub-window-refusal" aria-live="assertive" aria-atomic="true">
        {refused !== null ? (
          <>
            <h3>{t('registration.lockedTitle')}</h3>
            <p>{refused}</p>
          </>
        ) : null}
      </div>

      <div ref={actionsRef} className="actions pub-dialog-actions">
        <button
          ref={cancelRef}
          type="button"
          className="button secondary"
          onClick={onClose}
          disabled={pending}
        >
          {refused !== null ? t('registration.close') : t('registration.cancel')}
        </button>
        {/* aria-disabled, not disabled: the button keeps the focus while the sign-up is sent. */}
        {refused === null ? (
          <button type="submit" className="button" aria-disabled={pending || undefined}>
            {waitlist
              ? pending
                ? t('registration.waitlistSubmitting')
                : t('registration.waitlistSubmit')
              : pending
                ? t('registration.submitting')
                : t('registration.submit')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
