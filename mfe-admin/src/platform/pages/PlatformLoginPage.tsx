import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { BusyButton, Page, Spinner } from '@nsa/web-kit';
import { usePlatformSession } from '../api/platform';
import { usePlatformLoginForm } from '../lib/use-platform-login-form';
import { PasswordInput } from '../../accounts/components/PasswordInput';
import { Field } from '../../shared/components/Field';
import { NAMESPACE } from '../../namespace';
// The password field's and the narrow card's rules, as on the organisation admins' login.
import '../../accounts/accounts.css';
import '../platform.css';

/**
 * /platform/login (R-PLATFORM-SCREENS): a platform administrator's email and password, then on
 * to /platform. Already in a platform session, straight there.
 */
export function PlatformLoginPage() {
  const { t } = useTranslation(NAMESPACE);
  const session = usePlatformSession();
  const { form, formRef, submit, failure, busy, submitting, loggedIn } = usePlatformLoginForm();
  const { values, errors, change } = form;

  if (session.data && !loggedIn) return <Navigate to="/platform" replace />;

  return (
    <Page remote={NAMESPACE} page="platform-login" title={t('platform.loginTitle')}>
      {session.isPending ? (
        <Spinner label={t('platform.checkingSession')} />
      ) : (
        <div className="adm-card adm-narrow">
          <p className="adm-notice">{t('platform.loginIntro')}</p>
          <form
            ref={formRef}
            className="adm-form"
            noValidate
            onSubmit={submit}
            data-testid="platform-login-form"
          >
            {failure ? (
              <p className="adm-form-error" role="alert" data-testid="platform-login-error">
                {failure}
              </p>
            ) : null}
            <Field label={t('platform.email')} error={errors.email}>
              {(control) => (
                <input
                  {...control}
                  type="email"
                  name="email"
                  autoComplete="username"
                  inputMode="email"
                  spellCheck={false}
                  maxLength={254}
                  value={values.email}
                  onChange={(e) => change('email', e.target.value)}
                  data-testid="platform-login-email"
                />
              )}
            </Field>
            <Field label={t('platform.password')} error={errors.password}>
              {(control) => (
                <PasswordInput
                  {...control}
                  name="password"
                  autoComplete="current-password"
                  maxLength={200}
                  value={values.password}
                  onChange={(e) => change('password', e.target.value)}
                  data-testid="platform-login-password"
                />
              )}
            </Field>
            <div className="adm-form-actions">
              <BusyButton
                type="submit"
                className="button"
                busy={busy}
                data-testid="platform-login-submit"
              >
                {submitting ? t('platform.loggingIn') : t('platform.login')}
              </BusyButton>
            </div>
          </form>
          <p className="adm-muted adm-platform-elsewhere">
            {t('platform.orgLogin')} <Link to="/login">{t('platform.orgLoginLink')}</Link>
          </p>
        </div>
      )}
    </Page>
  );
}
