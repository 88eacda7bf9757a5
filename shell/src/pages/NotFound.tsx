import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="page" data-page="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <div className="actions">
        <Link to="/" className="button">
          {t('notFound.home')}
        </Link>
        <button type="button" className="button secondary" onClick={() => navigate(-1)}>
          {t('notFound.back')}
        </button>
      </div>
    </main>
  );
}
