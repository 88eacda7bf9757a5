import { useEffect, useId, useRef } from 'react';
import type { RegistrationField } from '../lib/registration-form';
import { useRegistrationForm } from '../lib/use-registration-form';
import { registerPartTexts, usePartTexts, usePartTranslation } from '../part-texts';
import registrationNl from '../i18n/registration.nl.json';
import type { RegistrationDialogProps } from './registration-dialog-props';
import { RegistrationForm } from './RegistrationForm';
import { RegistrationSuccess } from './RegistrationSuccess';
import { RegistrationSummary } from './RegistrationSummary';

registerPartTexts('registration', {
  nl: registrationNl,
  en: () => import(/* webpackChunkName: "i18n-registration-en" */ '../i18n/registration.en.json'),
  tr: () => import(/* webpackChunkName: "i18n-registration-tr" */ '../i18n/registration.tr.json'),
  ar: () => import(/* webpackChunkName: "i18n-registration-ar" */ '../i18n/registration.ar.json'),
  pl: () => import(/* webpackChunkName: "i18n-registration-pl" */ '../i18n/registration.pl.json'),
  uk: () => import(/* webpackChunkName: "i18n-registration-uk" */ '../i18n/registration.uk.json'),
});

/**
 * The sign-up dialog (R-SIGNUP-FORM-FIELDS). Loaded on demand: it brings zod with it, which
 * the school page itself does not need. Unmounting it resets the form.
 *
 * The dialog itself holds the modal and where the focus goes; the form's state and its
 * submission are useRegistrationForm's.
 */
export default function RegistrationDialog({
  activity,
  schoolName,
  token,
  locked,
  today,
  waitlist: openedFull,
  lotteryClosesAt,
  onClose,
}: RegistrationDialogProps) {
  usePartTexts('registration');
  const { t } = usePartTranslation('registration');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const fieldId = (field: RegistrationField) => `${baseId}-${field}`;

  const focusField = (field: RegistrationField | undefined) => {
    if (field)
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(field))}`)?.focus();
  };

  const form = useRegistrationForm({
    activity,
    token,
    locked,
    openedFull,
    lotteryClosesAt,
    focusField,
  });
  const { done, refused, fullOffer, waitlist, pending, pendingRef } = form;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // The heading, not the first field: on a phone a focused field opens the
    // keyboard over the activity summary.
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    if (done !== null) closeRef.current?.focus();
  }, [done]);

  // The submit button goes when the window refuses: the focus moves to the one that closes.
  useEffect(() => {
    if (refused !== null) cancelRef.current?.focus();
  }, [refused]);

  // The offer appears above the buttons and pushes them down: bring both into view.
  useEffect(() => {
    if (fullOffer) actionsRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [fullOffer]);

  const requestClose = () => {
    if (!pendingRef.current) dialogRef.current?.close();
  };

  const titleId = `${baseId}-title`;

  return (
    <dialog
      ref={dialogRef}
      className="pub-registration-dialog"
      aria-labelledby={titleId}
      aria-busy={pending || undefined}
      // Escape must not close it while the sign-up is being sent.
      closedby={pending ? 'none' : 'closerequest'}
      onCancel={(event) => {
        if (pendingRef.current) event.preventDefault();
      }}
      onClose={() => {
        // A browser may refuse to let a cancel be prevented; reopen then.
        if (pendingRef.current) dialogRef.current?.showModal();
        else onClose();
      }}
    >
      <div className="pub-dialog-body">
        <div className="pub-dialog-head">
          <h2 id={titleId} ref={headingRef} tabIndex={-1} className="pub-dialog-title">
            {waitlist ? t('registration.waitlistTitle') : t('registration.title')}
          </h2>
          <button
            type="button"
            className="pub-dialog-close"
            aria-label={t('registration.closeDialog')}
            onClick={requestClose}
            disabled={pending}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>

        <RegistrationSummary activity={activity} schoolName={schoolName} today={today} />

        {done !== null ? (
          <RegistrationSuccess
            done={done}
            today={today}
            closeRef={closeRef}
            onClose={requestClose}
          />
        ) : (
          <RegistrationForm
            form={form}
            formRef={formRef}
            noteId={`${baseId}-note`}
            fieldId={fieldId}
            openedFull={openedFull}
            lotteryClosesAt={lotteryClosesAt}
            today={today}
            cancelRef={cancelRef}
            actionsRef={actionsRef}
            onClose={requestClose}
          />
        )}
      </div>
    </dialog>
  );
}
