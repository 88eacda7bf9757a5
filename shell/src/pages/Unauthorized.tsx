import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLogout } from '@nsa/web-kit';

export function Unauthorized() {
  const { t } = useTranslation();
  const { logout, pending } = useLogout();

  return (
    <main className="page" data-page="unauthorized">
      <h1>{t('unauthorized.title')}</h1>
      <p>{t('unauthorized.text')}</p>
      <div className="actions">
        <Link to="/" className="button">
          {t('unauthorized.home')}
        </Link>
        <button
          type="button"
          className="button secondary"
          disabled={pending}
          onClick={() => void logout()}
        >
          {t('unauthorized.logout')}
        </button>
      </div>
    </main>
  );
}
