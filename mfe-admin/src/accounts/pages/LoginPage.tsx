import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { loginSchema, requestResetSchema, type TotpEnrolment } from '@nsa/contracts';
import {
  errorBody,
  Page,
  SESSION_QUERY_KEY,
  serverMessage,
  sessionUserFrom,
  useSession,
  useToast,
} from '@nsa/web-kit';
import { useLogin, useRequestReset } from '../api/auth';
import { Field } from '../../shared/components/Field';
import { PasswordInput } from '../components/PasswordInput';
import { RecoveryCodes } from '../components/RecoveryCodes';
import { TotpCodeInput } from '../components/TotpCodeInput';
import { TotpEnrolmentForm } from '../components/TotpEnrolmentForm';
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
type Step =
  | { kind: 'password' }
  | { kind: 'code'; recovery: boolean }
  | { kind: 'enrol'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[]; name: string };

export function LoginPage() {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { user } = useSession();
  const login = useLogin();
  const requestReset = useRequestReset();
  const formRef = useRef<HTMLFormElement>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  const [values, setValues] = useState({ email: '', password: '', code: '', recoveryCode: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'password' });
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

  if (step.kind === 'enrol' || step.kind === 'codes') {
    return (
      <Page remote={NAMESPACE} page="login" title={t('totp.setupTitle')}>
        <div className="adm-card adm-narrow">
          {step.kind === 'enrol' ? (
            <>
              <p className="adm-notice">{t('totp.requiredIntro')}</p>
              <TotpEnrolmentForm
                enrolment={step.enrolment}
                onEnabled={(result) =>
                  setStep({
                    kind: 'codes',
                    codes: result.recoveryCodes,
                    name: result.user?.name ?? '',
                  })
                }
              />
            </>
          ) : (
            <RecoveryCodes
              codes={step.codes}
              doneLabel={t('login.toDashboard')}
              onDone={() => welcome(step.name)}
            />
          )}
        </div>
      </Page>
    );
  }

  return (
    <Page remote={NAMESPACE} page="login" title={t('login.title')}>
      <div className="adm-card adm-narrow">
        {user?.role === 'admin' && !login.isSuccess ? (
          <p className="adm-notice" data-testid="already-logged-in">
            {t('login.alreadyLoggedIn', { name: user.name })}{' '}
            <Link to="/admin">{t('login.toDashboard')}</Link>
          </p>
        ) : null}
        <p className="adm-notice">{t('login.adminsOnly')}</p>
        <form ref={formRef} className="adm-form" noValidate onSubmit={submit}>
          <Field label={t('login.email')} error={errors.email}>
            {(control) => (
              <input
                {...control}
                type="email"
                name="email"
                autoComplete="username"
                inputMode="email"
                value={values.email}
                onChange={(e) => change('email', e.target.value)}
              />
            )}
          </Field>
          <Field label={t('login.password')} error={errors.password}>
            {(control) => (
              <PasswordInput
                {...control}
                name="password"
                autoComplete="current-password"
                value={values.password}
                onChange={(e) => change('password', e.target.value)}
              />
            )}
          </Field>
          {step.kind === 'code' ? (
            <>
              {step.recovery ? (
                <Field
                  label={t('totp.recoveryLabel')}
                  error={errors.recoveryCode}
                  hint={t('totp.recoveryHint')}
                >
                  {(control) => (
                    <input
                      {...control}
                      ref={codeInput}
                      type="text"
                      name="recoveryCode"
                      autoComplete="off"
                      spellCheck={false}
                      value={values.recoveryCode}
                      onChange={(e) => change('recoveryCode', e.target.value)}
                    />
                  )}
                </Field>
              ) : (
                <Field label={t('totp.codeLabel')} error={errors.code} hint={t('totp.codeHint')}>
                  {(control) => (
                    <TotpCodeInput
                      {...control}
                      ref={codeInput}
                      value={values.code}
                      onChange={(e) => change('code', e.target.value)}
                    />
                  )}
                </Field>
              )}
              <button
                type="button"
                className="adm-link-button"
                onClick={() => {
                  setErrors({});
                  setStep({ kind: 'code', recovery: !step.recovery });
                }}
              >
                {step.recovery ? t('totp.useApp') : t('totp.useRecovery')}
              </button>
            </>
          ) : null}
          <div className="adm-form-actions">
            <button type="submit" className="button" disabled={busy}>
              {login.isPending ? t('login.submitting') : t('login.submit')}
            </button>
            <button
              type="button"
              className="adm-link-button"
              disabled={requestReset.isPending}
              onClick={forgotPassword}
            >
              {t('login.forgotPassword')}
            </button>
          </div>
        </form>
      </div>
    </Page>
  );
}
