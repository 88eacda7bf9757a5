import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { loginSchema, requestResetSchema } from '@nsa/contracts';
import {
  Page,
  SESSION_QUERY_KEY,
  serverMessage,
  sessionUserFrom,
  useSession,
  useToast,
} from '@nsa/web-kit';
import { useLogin, useRequestReset } from '../api/auth';
import { Field } from '../components/Field';
import { PasswordInput } from '../components/PasswordInput';
import type { FieldErrors } from '../lib/errors';
import { focusFirstInvalid } from '../lib/focus';
import { useLang } from '../lib/use-lang';
import { validate } from '../lib/validation';
import { NAMESPACE } from '../namespace';

// R-ADMIN-LOGIN-PAGE: the success toast gets a moment before the dashboard takes over.
const REDIRECT_DELAY_MS = 100;

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

  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => () => clearTimeout(redirect.current), []);

  const change = (field: keyof typeof values, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Validated on submit, then again on every change so messages go away.
    if (submitted) {
      const result = validate(loginSchema, next, lang);
      setErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(loginSchema, values, lang);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    login.mutate(result.data, {
      onSuccess: (body) => {
        const loggedIn = sessionUserFrom(body);
        // The protected /admin route reads this entry: fill it now so it does not bounce.
        if (loggedIn) queryClient.setQueryData(SESSION_QUERY_KEY, loggedIn);
        else queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
        toast({
          title: t('login.successTitle'),
          description: t('login.welcome', { name: loggedIn?.name ?? '' }),
        });
        redirect.current = setTimeout(() => void navigate('/admin'), REDIRECT_DELAY_MS);
      },
      onError: (error) => {
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

  const busy = login.isPending || login.isSuccess;

  return (
    <Page remote={NAMESPACE} page="login" title={t('login.title')}>
      <div className="card narrow">
        {user?.role === 'admin' && !login.isSuccess ? (
          <p className="notice" data-testid="already-logged-in">
            {t('login.alreadyLoggedIn', { name: user.name })}{' '}
            <Link to="/admin">{t('login.toDashboard')}</Link>
          </p>
        ) : null}
        <p className="notice">{t('login.adminsOnly')}</p>
        <form ref={formRef} className="form" noValidate onSubmit={submit}>
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
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {login.isPending ? t('login.submitting') : t('login.submit')}
            </button>
            <button
              type="button"
              className="link-button"
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
