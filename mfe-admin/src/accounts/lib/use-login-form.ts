import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { loginSchema, requestResetSchema, type TotpEnrolment } from '@nsa/contracts';
import {
  errorBody,
  SESSION_QUERY_KEY,
  serverMessage,
  sessionUserFrom,
  useToast,
} from '@nsa/web-kit';
import { useLogin, useRequestReset } from '../api/auth';
import type { FieldErrors } from '../../shared/lib/errors';
import { focusFirstInvalid } from '../../shared/lib/focus';
import { useLang } from '../../shared/lib/use-lang';
import { validate } from '../../shared/lib/validation';
import { NAMESPACE } from '../../namespace';

// R-ADMIN-LOGIN-PAGE: the success toast gets a moment before the dashboard takes over.
const REDIRECT_DELAY_MS = 100;

/**
 * R-TOTP: after the password, an account with two-step login gives its code (or a recovery
 * code); where it is required and not set up, the login sets it up and shows the recovery codes.
 */
export type LoginStep =
  | { kind: 'password' }
  | { kind: 'code'; recovery: boolean }
  | { kind: 'enrol'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[]; name: string };

export type LoginValues = { email: string; password: string; code: string; recoveryCode: string };

/**
 * R-ADMIN-LOGIN-PAGE: the login form's values, errors and step; logging in (on to the dashboard
 * after a welcome), a code when two-step login asks for one, and a reset link for the email.
 */
export function useLoginForm() {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const login = useLogin();
  const requestReset = useRequestReset();
  const formRef = useRef<HTMLFormElement>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  const [values, setValues] = useState<LoginValues>({
    email: '',
    password: '',
    code: '',
    recoveryCode: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [step, setStep] = useState<LoginStep>({ kind: 'password' });
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => clearTimeout(redirect.current), []);
  // The code field takes the focus when it appears, and again when switching code kinds.
  const codeStep = step.kind === 'code' ? (step.recovery ? 'recovery' : 'code') : null;
  useEffect(() => {
    if (codeStep) codeInput.current?.focus();
  }, [codeStep]);

  /** What is sent: the code of the step the form is at, nothing else. */
  const payload = (v: typeof values) => ({
    email: v.email,
    password: v.password,
    ...(step.kind === 'code'
      ? step.recovery
        ? { recoveryCode: v.recoveryCode }
        : { code: v.code }
      : {}),
  });

  const welcome = (name: string) => {
    toast({ title: t('login.successTitle'), description: t('login.welcome', { name }) });
    redirect.current = setTimeout(() => void navigate('/admin'), REDIRECT_DELAY_MS);
  };

  const change = (field: keyof typeof values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Validated on submit, then again on every change so messages go away.
    if (submitted) {
      const result = validate(loginSchema, payload(next), lang);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(loginSchema, payload(values), lang);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    login.mutate(result.data, {
      onSuccess: (body) => {
        const enrolment = (body as { totpEnrolment?: TotpEnrolment } | null)?.totpEnrolment;
        if (enrolment) {
          setStep({ kind: 'enrol', enrolment });
          return;
        }
        const loggedIn = sessionUserFrom(body);
        // The protected /admin route reads this entry: fill it now so it does not bounce.
        if (loggedIn) queryClient.setQueryData(SESSION_QUERY_KEY, loggedIn);
        else queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
        welcome(loggedIn?.name ?? '');
      },
      onError: (error) => {
        const code = errorBody(error)?.code;
        if (code === 'TOTP_REQUIRED') {
          setStep({ kind: 'code', recovery: false });
          return;
        }
        // A wrong code is the code field's error; the password was right.
        if (step.kind === 'code' && code === 'UNAUTHENTICATED') {
          setErrors({
            [step.recovery ? 'recoveryCode' : 'code']: serverMessage(error, t('login.failed')),
          });
          codeInput.current?.focus();
          return;
        }
        toast({
          variant: 'destructive',
          title: t('login.errorTitle'),
          description: serverMessage(error, t('login.failed')),
        });
      },
    });
  };

  const forgotPassword = () => {
    const email = values.email.trim();
    if (email === '') {
      toast({
        variant: 'destructive',
        title: t('login.emailRequiredTitle'),
        description: t('login.emailRequiredText'),
      });
      formRef.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
      return;
    }
    const result = validate(requestResetSchema, { email }, lang);
    if (!result.ok) {
      setErrors({ email: result.errors.email });
      focusFirstInvalid(formRef.current);
      return;
    }
    requestReset.mutate(result.data, {
      onSuccess: () => {
        toast({ title: t('login.resetSentTitle'), description: t('login.resetSent') });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('login.resetErrorTitle'),
          description: serverMessage(error, t('login.resetFailed')),
        });
      },
    });
  };

  const busy = login.isPending || (login.isSuccess && step.kind !== 'enrol');

  /** Between the app's code and a recovery code. */
  const switchCodeKind = () => {
    if (step.kind !== 'code') return;
    setErrors({});
    setStep({ kind: 'code', recovery: !step.recovery });
  };

  return {
    values,
    errors,
    step,
    setStep,
    change,
    submit,
    forgotPassword,
    welcome,
    switchCodeKind,
    busy,
    submitting: login.isPending,
    loggedIn: login.isSuccess,
    resetPending: requestReset.isPending,
    formRef,
    codeInput,
  };
}
