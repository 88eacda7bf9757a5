import { useTranslation } from 'react-i18next';
import { LogoutButton } from '@nsa/web-kit';
import { MessagePage } from './MessagePage';

export function Unauthorized() {
  const { t } = useTranslation();
  return (
    <MessagePage
      section="unauthorized"
      page="unauthorized"
      action={<LogoutButton>{t('unauthorized.logout')}</LogoutButton>}
    />
  );
}
