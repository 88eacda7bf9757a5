import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MessagePage } from './MessagePage';

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <MessagePage
      section="notFound"
      page="not-found"
      action={
        <button type="button" className="button secondary" onClick={() => navigate(-1)}>
          {t('notFound.back')}
        </button>
      }
    />
  );
}
