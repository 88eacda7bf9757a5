import { useTranslation } from 'react-i18next';
import { Page } from '@nsa/web-kit';
import { EmailCard } from '../components/EmailCard';
import { RetentionCard } from '../components/RetentionCard';
import { BackToDashboard } from '../../shared/components/BackLink';
import { NAMESPACE } from '../../namespace';

/**
 * /admin/privacy (R-PRIVACY-SCREEN): the retention period, when the job runs next and what it
 * last did; export everything held about an email (a JSON download), and erase it after a
 * confirmation that says what happens.
 */
export function PrivacyPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Page remote={NAMESPACE} page="admin-privacy" title={t('privacy.title')}>
      <BackToDashboard />
      <p className="adm-hint">{t('privacy.intro')}</p>
      <RetentionCard />
      <EmailCard />
    </Page>
  );
}
