import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Page, useSession } from '@nsa/web-kit';
import { Field } from '../../shared/components/Field';
import { LoginCodeField } from '../components/LoginCodeField';
import { PasswordInput } from '../components/PasswordInput';
import { TwoStepSetup } from '../components/TwoStepSetup';
import { useLoginForm } from '../lib/use-login-form';
import { NAMESPACE } from '../../namespace';
import '../accounts.css';

/** /login (R-ADMIN-LOGIN-PAGE, R-TOTP): an admin's email and password, then a code if asked. */
export function LoginPage() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  const form = useLoginForm();
  const { values, errors, step, change } = form;

  if (step.kind === 'enrol' || step.kind === 'codes') {
    return (
      <TwoStepSetup
        step={step}
        onEnabled={(codes, name) => form.setStep({ kind: 'codes', codes, name })}
        onDone={() => form.welcome(step.kind === 'codes' ? step.name : '')}
      />
    );
  }

  return (
    <Page remote={NAMESPACE} page="login" title={t('login.title')}>
      <div className="adm-card adm-narrow">
        {user?.role === 'admin' && !form.loggedIn ? (
          <p className="adm-notice" data-testid="already-logged-in">
            {t('login.alreadyLoggedIn', { name: user.name })}{' '}
            <Link to="/admin">{t('login.toDashboard')}</Link>
          </p>
        ) : null}
        <p className="adm-notice">{t('login.adminsOnly')}</p>
        <form ref={form.formRef} className="adm-form" noValidate onSubmit={form.submit}>
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
            <LoginCodeField
              recovery={step.recovery}
              values={values}
              errors={errors}
              inputRef={form.codeInput}
              onChange={change}
              onSwitch={form.switchCodeKind}
            />
          ) : null}
          <div className="adm-form-actions">
            <button type="submit" className="button" disabled={form.busy}>
              {form.submitting ? t('login.submitting') : t('login.submit')}
            </button>
            <button
              type="button"
              className="adm-link-button"
              disabled={form.resetPending}
              onClick={form.forgotPassword}
            >
              {t('login.forgotPassword')}
            </button>
          </div>
        </form>
      </div>
    </Page>
  );
}
