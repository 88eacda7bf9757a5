import { useTranslation } from 'react-i18next';
import { Page } from '@nsa/web-kit';
import { NAMESPACE } from '../namespace';

export function SchoolPage() {
  const { t } = useTranslation(NAMESPACE);
  return <Page remote={NAMESPACE} page="school" title={t('school.title')} />;
}
