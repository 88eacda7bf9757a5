import { useTranslation } from 'react-i18next';
import { Page } from '@nsa/web-kit';
import { NAMESPACE } from '../namespace';

export function ResetPasswordPage() {
  const { t } = useTranslation(NAMESPACE);
  return <Page remote={NAMESPACE} page="reset-password" title={t('resetPassword.title')} />;
}
