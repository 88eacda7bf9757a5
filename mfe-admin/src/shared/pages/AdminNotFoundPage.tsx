import { useTranslation } from 'react-i18next';
import { Page } from '@nsa/web-kit';
import { BackToDashboard } from '../components/BackLink';
import { NAMESPACE } from '../../namespace';

/** An /admin/… path that no screen owns (R-WEB-NOT-FOUND: any other path is a 404). */
export function AdminNotFoundPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Page remote={NAMESPACE} page="not-found" title={t('notFound.title')}>
      <p>{t('notFound.text')}</p>
      <BackToDashboard />
    </Page>
  );
}
