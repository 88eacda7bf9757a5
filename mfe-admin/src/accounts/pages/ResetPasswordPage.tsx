import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { resetFormSchema } from '@nsa/contracts';
import { Page, serverMessage, useToast } from '@nsa/web-kit';
import { useResetPassword } from '../api/auth';
import { Field } from '../../shared/components/Field';
import { PasswordInput } from '../components/PasswordInput';
import { focusFirstInvalid } from '../../shared/lib/focus';
import { useFormValues } from '../../shared/lib/use-form-values';
import { useLang } from '../../shared/lib/use-lang';
import { validate } from '../../shared/lib/validation';
import { NAMESPACE } from '../../namespace';
import '../accounts.css';

/** /reset-password?token=…: both the reset link and the welcome mail's setup link land here. */
export function ResetPasswordPage() {
  const { t } = useTranslation(NAMESPACE);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';

  if (token === '') {
    return (
      <Page remote={NAMESPACE} page="reset-password" title={t('resetPassword.invalidTitle')}>
        <div className="adm-card adm-narrow">
          <p>{t('resetPassword.invalidText')}</p>
          <div className="actions">
            <Link to="/login" className="button">
              {t('resetPassword.backToLogin')}
            </Link>
          </div>
        </div>
      </Page>
    );
  }
  return <ResetForm token={token} />;
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation(NAMESPACE);
  const lang = useLang();
  const navigate = useNavigate();
  const { toast } = useToast();
  const reset = useResetPassword();
  const formRef = useRef<HTMLFormElement>(null);

  const { values, errors, change, validateAll } = useFormValues(
    () => ({ newPassword: '', confirmPassword: '' }),
    (next) => validate(resetFormSchema, { token, ...next }, lang),
  );
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = validateAll();
    if (!result.ok) {
      // A token that is too long is not something the user can fix in the form.
      if (result.errors.token) setFailure(result.errors.token);
      focusFirstInvalid(formRef.current);
      return;
    }
    reset.mutate(
      { token: result.data.token, newPassword: result.data.newPassword },
      {
        onSuccess: () => {
          toast({
            title: t('resetPassword.successTitle'),
            description: t('resetPassword.successText'),
          });
          void navigate('/login', { replace: true });
        },
        onError: (error) => {
          const message = serverMessage(error, t('resetPassword.failed'));
          setFailure(message);
          toast({
            variant: 'destructive',
            title: t('resetPassword.errorTitle'),
            description: message,
          });
        },
      },
    );
  };

  return (
    <Page remote={NAMESPACE} page="reset-password" title={t('resetPassword.title')}>
      <div className="adm-card adm-narrow">
        <p>{t('resetPassword.intro')}</p>
        {failure ? (
          <p className="adm-form-error" data-testid="reset-error">
            {failure}
          </p>
        ) : null}
        <form ref={formRef} className="adm-form" noValidate onSubmit={submit}>
          <Field
            label={t('resetPassword.newPassword')}
            hint={t('resetPassword.hint')}
            error={errors.newPassword}
          >
            {(control) => (
              <PasswordInput
                {...control}
                name="newPassword"
                autoComplete="new-password"
                value={values.newPassword}
                onChange={(e) => change('newPassword', e.target.value)}
              />
            )}
          </Field>
          <Field label={t('resetPassword.confirmPassword')} error={errors.confirmPassword}>
            {(control) => (
              <PasswordInput
                {...control}
                name="confirmPassword"
                autoComplete="new-password"
                value={values.confirmPassword}
                onChange={(e) => change('confirmPassword', e.target.value)}
              />
            )}
          </Field>
          <div className="adm-form-actions">
            <button type="submit" className="button" disabled={reset.isPending}>
              {reset.isPending ? t('resetPassword.submitting') : t('resetPassword.submit')}
            </button>
            <Link to="/login">{t('resetPassword.backToLogin')}</Link>
          </div>
        </form>
      </div>
    </Page>
  );
}
