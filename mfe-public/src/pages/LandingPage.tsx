import { Page } from '@nsa/web-kit';
import { useLoadedOrganisation } from '../api/app-config';
import { SiteFooter } from '../components/SiteFooter';
import { NAMESPACE } from '../namespace';
import { isolate } from '../lib/isolate';
import { registerPartTexts, usePartTexts, usePartTranslation } from '../part-texts';

const STEPS = [1, 2, 3] as const;

// Registered when the page's module is first loaded; Dutch is loaded on demand too.
registerPartTexts('landing', {
  nl: () => import(/* webpackChunkName: "i18n-landing-nl" */ '../i18n/landing.nl.json'),
  en: () => import(/* webpackChunkName: "i18n-landing-en" */ '../i18n/landing.en.json'),
  tr: () => import(/* webpackChunkName: "i18n-landing-tr" */ '../i18n/landing.tr.json'),
  ar: () => import(/* webpackChunkName: "i18n-landing-ar" */ '../i18n/landing.ar.json'),
  pl: () => import(/* webpackChunkName: "i18n-landing-pl" */ '../i18n/landing.pl.json'),
  uk: () => import(/* webpackChunkName: "i18n-landing-uk" */ '../i18n/landing.uk.json'),
});

/** R-PUBLIC-LANDING: there is no school list; parents need their own school's link. */
export default function LandingPage() {
  usePartTexts('landing');
  const { t } = usePartTranslation('landing');
  // Known once /app-config.json is read; the first view leaves the contact lines out.
  const organisation = useLoadedOrganisation();
  return (
    <>
      <Page remote={NAMESPACE} page="landing" title={t('landing.title')}>
        <p className="pub-lead">{t('landing.intro')}</p>
        <p className="pub-notice">{t('landing.privacy')}</p>

        <section className="pub-section" aria-labelledby="landing-steps">
          <h2 id="landing-steps">{t('landing.stepsTitle')}</h2>
          <ol className="pub-steps">
            {STEPS.map((step) => (
              <li key={step} className="pub-step">
                <span className="pub-step-number" aria-hidden="true">
                  {step}
                </span>
                <div>
                  <h3 className="step-title">{t(`landing.step${step}Title`)}</h3>
                  <p>{t(`landing.step${step}Text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <div className="pub-card-grid">
          <section className="pub-card" aria-labelledby="landing-contact">
            <h2 id="landing-contact">{t('landing.contactTitle')}</h2>
            {organisation && (
              <>
                <p>{t('landing.contactText', { organisation: isolate(organisation.name) })}</p>
                <p>
                  <a href={`mailto:${organisation.contactEmail}`}>
                    {t('landing.contactLink', { email: isolate(organisation.contactEmail) })}
                  </a>
                </p>
              </>
            )}
          </section>
          <section className="pub-card" aria-labelledby="landing-why">
            <h2 id="landing-why">{t('landing.whyTitle')}</h2>
            <p>{t('landing.whyText')}</p>
          </section>
        </div>
      </Page>
      <SiteFooter />
    </>
  );
}
