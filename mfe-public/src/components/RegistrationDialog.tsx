import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { CHILD_GROUPS, registrationSchema, type RegistrationCreated } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import { useCreateRegistration } from '../api/registration';
import {
  classifyRegistrationError,
  offersWaitlist,
  registrationErrorToast,
  windowRefusal,
} from '../lib/registration-error';
import {
  EMPTY_REGISTRATION,
  fieldErrorsFromIssues,
  fieldErrorsFromServer,
  firstInvalidField,
  type FieldErrors,
  type RegistrationField,
  type RegistrationValues,
} from '../lib/registration-form';
import { registerPartTexts, usePartTexts, usePartTranslation } from '../part-texts';
import registrationNl from '../i18n/registration.nl.json';
import { dateRangeText, scheduleText } from './activity-text';
import { FormField } from './FormField';
import type { RegistrationDialogProps } from './registration-dialog-props';
import { momentText } from './window-text';
import { isolate } from '../lib/isolate';

registerPartTexts('registration', {
  nl: registrationNl,
  en: () => import(/* webpackChunkName: "i18n-registration-en" */ '../i18n/registration.en.json'),
  tr: () => import(/* webpackChunkName: "i18n-registration-tr" */ '../i18n/registration.tr.json'),
  ar: () => import(/* webpackChunkName: "i18n-registration-ar" */ '../i18n/registration.ar.json'),
  pl: () => import(/* webpackChunkName: "i18n-registration-pl" */ '../i18n/registration.pl.json'),
  uk: () => import(/* webpackChunkName: "i18n-registration-uk" */ '../i18n/registration.uk.json'),
});

const TOAST_MS = 5000;

/** What the success view tells: whose sign-up, and whether it is on the waiting list. */
interface Done {
  name: string;
  status: RegistrationCreated['registration']['status'];
  position: number | null;
  /** R-DRAW-WINDOW: the end of the lottery window it entered, or null. */
  lotteryClosesAt: string | null;
}

/**
 * The sign-up dialog (R-SIGNUP-FORM-FIELDS). Loaded on demand: it brings zod with it, which
 * the school page itself does not need. Unmounting it resets the form.
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
  const { t, i18n } = usePartTranslation('registration');
  const { toast } = useToast();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const fieldId = (field: RegistrationField) => `${baseId}-${field}`;

  const [values, setValues] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [alertText, setAlertText] = useState('');
  const [done, setDone] = useState<Done | null>(null);
  // R-WAITLIST-JOIN: the sign-up goes to the waiting list: the activity was full when the
  // dialog opened, or the server said it became full and the parent may join the list.
  const [waitlist, setWaitlist] = useState(openedFull);
  const [fullOffer, setFullOffer] = useState(false);
  // R-DRAW-WINDOW: the server's answer when the window had not opened or had closed.
  const [refused, setRefused] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const schema = useMemo(() => registrationSchema(), []);
  const mutation = useCreateRegistration(token);
  const pending = mutation.isPending;
  const pendingRef = useRef(false);
  pendingRef.current = pending;

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
  const actionsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (fullOffer) actionsRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [fullOffer]);

  const validate = (next: RegistrationValues) => {
    const result = schema.safeParse({ activityId: activity.id, ...next });
    return result.success
      ? { data: result.data, errors: {} as FieldErrors }
      : { data: null, errors: fieldErrorsFromIssues(result.error.issues, i18n.language) };
  };

  const change = (field: RegistrationField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // R-SIGNUP-FORM-VALIDATION: validated on submit, then again on every change.
    if (submitted) {
      const { errors: nextErrors } = validate(next);
      setErrors(nextErrors);
      if (Object.keys(nextErrors).length === 0) setAlertText('');
    }
  };

  const focusField = (field: RegistrationField | undefined) => {
    if (field)
      formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(field))}`)?.focus();
  };

  const requestClose = () => {
    if (!pendingRef.current) dialogRef.current?.close();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || refused !== null) return;
    setSubmitted(true);
    if (locked) {
      // R-SIGNUP-FORM-LOCKED: no call for a locked activity.
      // The toast shows inside the open dialog (web-kit's toast host), so it is not repeated
      // in the form.
      toast({
        title: t('registration.lockedTitle'),
        description: t('registration.lockedText'),
        variant: 'destructive',
        duration: TOAST_MS,
      });
      return;
    }
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) {
      setAlertText(t('registration.checkFields', { count: Object.keys(found).length }));
      focusField(firstInvalidField(found));
      return;
    }
    setAlertText('');
    mutation.mutate(waitlist ? { ...data, waitlist: true } : data, {
      onSuccess: (result) =>
        setDone({
          name: `${data.childFirstName} ${data.childLastName}`.trim(),
          status: result.registration.status,
          position: result.registration.waitlistPosition ?? null,
          lotteryClosesAt: result.registration.status === 'new' ? lotteryClosesAt : null,
        }),
      onError: (error) => {
        const refusal = windowRefusal(error);
        if (refusal) {
          setRefused(
            refusal.message ??
              (refusal.code === 'SIGNUP_NOT_OPEN'
                ? t('registration.notOpenFallback')
                : t('window.closed')),
          );
          return;
        }
        // Full since the page loaded: offered right here, with what was typed kept; the
        // submit button (which keeps the focus) now joins the waiting list.
        if (!waitlist && offersWaitlist(error)) {
          setWaitlist(true);
          setFullOffer(true);
          return;
        }
        const failure = classifyRegistrationError(error);
        const message = registrationErrorToast(failure, t);
        toast({ ...message, variant: 'destructive', duration: TOAST_MS });
        if (failure.kind === 'rejected') {
          const serverErrors = fieldErrorsFromServer(failure.fields);
          if (Object.keys(serverErrors).length > 0) {
            setErrors(serverErrors);
            focusField(firstInvalidField(serverErrors));
          }
        }
      },
    });
  };

  const titleId = `${baseId}-title`;
  const input = (field: RegistrationField, type: string, autoComplete: string, extra = {}) => (
    <input
      type={type}
      name={field}
      value={values[field]}
      autoComplete={autoComplete}
      onChange={(event) => change(field, event.target.value)}
      {...extra}
    />
  );
  const fieldProps = (field: RegistrationField) => ({
    id: fieldId(field),
    label: t(`registration.${field}`),
    requiredLabel: t('registration.required'),
    error: errors[field],
  });

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

        <dl className="pub-dialog-summary">
          <div>
            <dt>{t('registration.activity')}</dt>
            <dd dir="auto">{activity.title}</dd>
          </div>
          <div>
            <dt>{t('registration.school')}</dt>
            <dd dir="auto">{schoolName}</dd>
          </div>
          <div>
            <dt>{t('registration.period')}</dt>
            <dd>{dateRangeText(t, i18n.language, activity.block, today)}</dd>
          </div>
          <div>
            <dt>{t('registration.time')}</dt>
            <dd>{scheduleText(t, activity)}</dd>
          </div>
        </dl>

        {done !== null ? (
          <div className="pub-dialog-success" role="status">
            <SuccessText done={done} today={today} />
            <p>{t('registration.confirmationEmail')}</p>
            <div className="actions">
              <button ref={closeRef} type="button" className="button" onClick={requestClose}>
                {t('registration.close')}
              </button>
            </div>
          </div>
        ) : (
          <form ref={formRef} noValidate onSubmit={submit} aria-describedby={`${baseId}-note`}>
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
            <p id={`${baseId}-note`} className="pub-required-note">
              {t('registration.requiredNote')}
            </p>
            <div className="pub-form-alert" role="alert">
              {alertText ? <p>{alertText}</p> : null}
            </div>

            <fieldset>
              <legend>{t('registration.childSection')}</legend>
              <FormField {...fieldProps('childFirstName')}>
                {input('childFirstName', 'text', 'off', { maxLength: 100, dir: 'auto' })}
              </FormField>
              <FormField {...fieldProps('childLastName')}>
                {input('childLastName', 'text', 'off', { maxLength: 100, dir: 'auto' })}
              </FormField>
              <FormField {...fieldProps('childDateOfBirth')}>
                {input('childDateOfBirth', 'date', 'off', {
                  placeholder: t('registration.dateOfBirthPlaceholder'),
                  max: isoDay(today),
                })}
              </FormField>
              <FormField {...fieldProps('childGroup')}>
                <select
                  name="childGroup"
                  value={values.childGroup}
                  onChange={(event) => change('childGroup', event.target.value)}
                >
                  <option value="">{t('registration.groupPlaceholder')}</option>
                  {CHILD_GROUPS.map((group) => (
                    <option key={group} value={group}>
                      {t('registration.group', { number: group.replace('groep', '') })}
                    </option>
                  ))}
                </select>
              </FormField>
            </fieldset>

            <fieldset>
              <legend>{t('registration.parentSection')}</legend>
              <FormField {...fieldProps('parentName')}>
                {input('parentName', 'text', 'name', { maxLength: 200, dir: 'auto' })}
              </FormField>
              <FormField {...fieldProps('email')}>
                {/* An address and a number read left to right, also on a page in Arabic. */}
                {input('email', 'email', 'email', {
                  maxLength: 254,
                  inputMode: 'email',
                  dir: 'ltr',
                })}
              </FormField>
              <FormField {...fieldProps('phone')}>
                {input('phone', 'tel', 'tel', { maxLength: 40, inputMode: 'tel', dir: 'ltr' })}
              </FormField>
            </fieldset>

            {/* Announced as it appears; not a second role="alert": the form has one already. */}
            <div className="pub-full-offer" aria-live="assertive" aria-atomic="true">
              {fullOffer ? (
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
                onClick={requestClose}
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
        )}
      </div>
    </dialog>
  );
}

function SuccessText({ done, today }: { done: Done; today: Date }) {
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

function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
