import { useTranslation } from 'react-i18next';
import { useLoadedOrganisation } from '../api/app-config';
import { NAMESPACE } from '../namespace';
import { isolate } from '../lib/isolate';

/** R-PUBLIC-FOOTER: about the organisation, copyright, contact address, site and privacy links. */
export function SiteFooter() {
  const { t } = useTranslation(NAMESPACE);
  // All of it is about the organisation: shown once /app-config.json is read (the pages'
  // first view, rendered at build time, has no footer).
  const organisation = useLoadedOrganisation();
  if (!organisation) return null;
  const vars = { organisation: isolate(organisation.name) };
  return (
    <footer className="pub-site-footer">
      <div className="pub-site-footer-inner">
        <h2 className="pub-site-footer-title">{t('footer.aboutTitle', vars)}</h2>
        <p>{t('footer.aboutText', vars)}</p>
        <ul className="pub-site-footer-links" aria-label={t('footer.linksLabel')}>
          <li>
            {t('footer.contact')}:{' '}
            <a href={`mailto:${organisation.contactEmail}`}>{organisation.contactEmail}</a>
          </li>
          <li>
            <a href={organisation.website} rel="noopener noreferrer">
              {t('footer.website')}
            </a>
          </li>
          <li>
            <a href={organisation.privacyUrl} rel="noopener noreferrer">
              {t('footer.privacy')}
            </a>
          </li>
        </ul>
        <p className="pub-site-footer-copyright">
          {t('footer.copyright', { ...vars, year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
