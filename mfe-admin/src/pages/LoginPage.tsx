import { useTranslation } from 'react-i18next';
import { Page } from '@nsa/web-kit';
import { NAMESPACE } from '../namespace';

export function LoginPage() {
  const { t } = useTranslation(NAMESPACE);
  return <Page remote={NAMESPACE} page="login" title={t('login.title')} />;
}
