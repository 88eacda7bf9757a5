import { useMemo, useRef, useState, type FormEvent } from 'react';
import { registrationSchema, type ActivityView, type RegistrationCreated } from '@nsa/contracts';
import { useToast } from '@nsa/web-kit';
import { useCreateRegistration } from '../api/registration';
import { usePartTranslation } from '../part-texts';
import {
  classifyRegistrationError,
  offersWaitlist,
  registrationErrorToast,
  windowRefusal,
} from './registration-error';
import {
  EMPTY_REGISTRATION,
  fieldErrorsFromIssues,
  fieldErrorsFromServer,
  firstInvalidField,
  type FieldErrors,
  type RegistrationField,
  type RegistrationValues,
} from './registration-form';

const TOAST_MS = 5000;

/** What the success view tells: whose sign-up, and whether it is on the waiting list. */
export interface RegistrationDone {
  name: string;
  status: RegistrationCreated['registration']['status'];
  position: number | null;
  /** R-DRAW-WINDOW: the end of the lottery window it entered, or null. */
  lotteryClosesAt: string | null;
}

export interface RegistrationFormOptions {
  activity: ActivityView;
  token: string;
  /** Whether the activity is locked now (R-SIGNUP-FORM-LOCKED). */
  locked: boolean;
  /** R-WAITLIST-JOIN: the activity was full when the dialog opened. */
  openedFull: boolean;
  /** R-DRAW-WINDOW: the end of the lottery window the sign-up enters, or null. */
  lotteryClosesAt: string | null;
  /** Moves the focus to a field (the first one in error). */
  focusField(field: RegistrationField | undefined): void;
}

/**
 * The sign-up dialog's state and its submission (R-SIGNUP-FORM-FIELDS): what was typed, the
 * fields' errors and the error summary's text, and what the server answered. The submit's key
 * (R-IDEMPOTENCY) lives in useCreateRegistration, one per dialog.
 */
export function useRegistrationForm({
  activity,
  token,
  locked,
  openedFull,
  lotteryClosesAt,
  focusField,
}: RegistrationFormOptions) {
  const { t, i18n } = usePartTranslation('registration');
  const { toast } = useToast();

  const [values, setValues] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [alertText, setAlertText] = useState('');
  const [done, setDone] = useState<RegistrationDone | null>(null);
  // R-WAITLIST-JOIN: the sign-up goes to the waiting list: the activity was full when the
  // dialog opened, or the server said it became full and the parent may join the list.
  const [waitlist, setWaitlist] = useState(openedFull);
  const [fullOffer, setFullOffer] = useState(false);
  // R-DRAW-WINDOW: the server's answer when the window had not opened or had closed.
  const [refused, setRefused] = useState<string | null>(null);

  const schema = useMemo(() => registrationSchema(), []);
  const mutation = useCreateRegistration(token);
  const pending = mutation.isPending;
  const pendingRef = useRef(false);
  pendingRef.current = pending;

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

  return {
    values,
    errors,
    alertText,
    done,
    waitlist,
    fullOffer,
    refused,
    pending,
    /** Whether the sign-up is being sent, read by the dialog's close and cancel handlers. */
    pendingRef,
    change,
    submit,
  };
}

/** What useRegistrationForm gives the dialog's parts. */
export type RegistrationFormState = ReturnType<typeof useRegistrationForm>;
