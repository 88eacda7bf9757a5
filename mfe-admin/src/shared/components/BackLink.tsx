import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../namespace';

export function BackToDashboard() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <p className="adm-back-link">
      <Link to="/admin">← {t('common.backToDashboard')}</Link>
    </p>
  );
}
