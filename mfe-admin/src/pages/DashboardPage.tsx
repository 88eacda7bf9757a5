import { useTranslation } from 'react-i18next';
import { Page } from '@nsa/web-kit';
import { NAMESPACE } from '../namespace';

/** Stub for /admin and every /admin/* screen until they are built; no auth yet. */
export function DashboardPage() {
  const { t } = useTranslation(NAMESPACE);
  return <Page remote={NAMESPACE} page="admin" title={t('admin.title')} />;
}
