import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PlatformSession } from '@nsa/contracts';
import { BusyButton } from '@nsa/web-kit';
import { usePlatformLogout } from '../api/platform';
import { NAMESPACE } from '../../namespace';

/** R-PLATFORM-SCREENS: who is logged in on the platform, and logging out (then the login). */
export function PlatformAccount({ admin }: { admin: PlatformSession['admin'] }) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const logout = usePlatformLogout();
  return (
    <section className="adm-card adm-platform-account" aria-label={t('platform.account')}>
      <div>
        <p className="adm-platform-admin" data-testid="platform-admin">
          {t('platform.loggedInAs', { name: admin.name })}
        </p>
        <p className="adm-muted adm-platform-email">{admin.email}</p>
      </div>
      <BusyButton
        className="button secondary"
        busy={logout.isPending}
        onClick={() =>
          logout.mutate(undefined, {
            onSettled: () => void navigate('/platform/login', { replace: true }),
          })
        }
        data-testid="platform-logout"
      >
        {logout.isPending ? t('platform.loggingOut') : t('platform.logout')}
      </BusyButton>
    </section>
  );
}
