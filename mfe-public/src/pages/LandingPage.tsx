import { useTranslation } from 'react-i18next';
import { Page } from '@nsa/web-kit';
import { NAMESPACE } from '../namespace';

export function LandingPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Page remote={NAMESPACE} page="landing" title={t('landing.title')}>
      <p className="lead">{t('landing.intro')}</p>
    </Page>
  );
}
