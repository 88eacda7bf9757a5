import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Page } from '@nsa/web-kit';
import { NAMESPACE } from '../namespace';
import { SiteFooter } from './SiteFooter';

/** R-PUBLIC-SCHOOL-TOKEN: a malformed token or an unknown school. */
export function SchoolNotFound() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <Page remote={NAMESPACE} page="school" title={t('school.notFoundTitle')}>
        <div className="pub-card pub-state-card" data-state="not-found">
          <p>{t('school.notFoundText')}</p>
          <div className="actions">
            <Link to="/" className="button">
              {t('school.backHome')}
            </Link>
          </div>
        </div>
      </Page>
      <SiteFooter />
    </>
  );
}
