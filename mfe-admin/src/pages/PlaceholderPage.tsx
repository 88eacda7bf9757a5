import { useTranslation } from 'react-i18next';
import { Page } from '@nsa/web-kit';
import { BackToDashboard } from '../components/BackLink';
import { NAMESPACE } from '../namespace';

export type PlaceholderSection =
  'schools' | 'blocks' | 'providers' | 'activities' | 'registrations';

/** An admin screen that a later change fills in; title and data-page are already final. */
export function PlaceholderPage({ section }: { section: PlaceholderSection }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Page remote={NAMESPACE} page={`admin-${section}`} title={t(`sections.${section}`)}>
      <BackToDashboard />
      <p className="muted">{t('common.comingSoon')}</p>
    </Page>
  );
}
