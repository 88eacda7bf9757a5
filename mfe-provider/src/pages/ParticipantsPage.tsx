import { useTranslation } from 'react-i18next';
import { Page } from '@nsa/web-kit';
import { NAMESPACE } from '../namespace';

export function ParticipantsPage() {
  const { t } = useTranslation(NAMESPACE);
  return <Page remote={NAMESPACE} page="provider" title={t('provider.title')} />;
}
