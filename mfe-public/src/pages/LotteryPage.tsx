import { Page } from '@nsa/web-kit';
import { SiteFooter } from '../components/SiteFooter';
import { NAMESPACE } from '../namespace';
import { registerPartTexts, usePartTexts, usePartTranslation } from '../part-texts';
import lotteryNl from '../i18n/lottery.nl.json';

registerPartTexts('lottery', {
  nl: lotteryNl,
  en: () => import(/* webpackChunkName: "i18n-lottery-en" */ '../i18n/lottery.en.json'),
  tr: () => import(/* webpackChunkName: "i18n-lottery-tr" */ '../i18n/lottery.tr.json'),
  ar: () => import(/* webpackChunkName: "i18n-lottery-ar" */ '../i18n/lottery.ar.json'),
  pl: () => import(/* webpackChunkName: "i18n-lottery-pl" */ '../i18n/lottery.pl.json'),
  uk: () => import(/* webpackChunkName: "i18n-lottery-uk" */ '../i18n/lottery.uk.json'),
});

// The five rules as svc-registrations' draw (family-rounds-snake/v1) states them (R-DRAW-RULES),
// numbered as there, so a reader can hold one against the other.
const RULES = [1, 2, 3, 4, 5] as const;
// Commit, reveal, recompute (R-DRAW-COMMIT, R-DRAW-VERIFY).
const PROOF = [1, 2, 3] as const;

/** /loting: how the draw of a lottery block works, in plain words, and how to check it. */
export default function LotteryPage() {
  usePartTexts('lottery');
  const { t } = usePartTranslation('lottery');
  return (
    <>
      <Page remote={NAMESPACE} page="lottery" title={t('lottery.title')}>
        <p className="pub-lead">{t('lottery.intro')}</p>

        <section className="pub-section pub-notice" aria-labelledby="lottery-for-you">
          <h2 id="lottery-for-you">{t('lottery.forYouTitle')}</h2>
          <p>{t('lottery.forYouText')}</p>
        </section>

        <section className="pub-section" aria-labelledby="lottery-rules">
          <h2 id="lottery-rules">{t('lottery.rulesTitle')}</h2>
          <p>{t('lottery.rulesIntro')}</p>
          <ol className="pub-steps" data-testid="lottery-rules">
            {RULES.map((rule) => (
              <li key={rule} className="pub-step">
                <span className="pub-step-number" aria-hidden="true">
                  {rule}
                </span>
                <div>
                  <h3 className="step-title">{t(`lottery.rule${rule}Title`)}</h3>
                  <p>{t(`lottery.rule${rule}Text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <section className="pub-section" aria-labelledby="lottery-proof">
          <h2 id="lottery-proof">{t('lottery.proofTitle')}</h2>
          <p>{t('lottery.proofIntro')}</p>
          <ol className="pub-proof-steps">
            {PROOF.map((step) => (
              <li key={step} className="pub-card">
                <h3>{t(`lottery.proof${step}Title`)}</h3>
                <p>{t(`lottery.proof${step}Text`)}</p>
                {step === 3 ? (
                  <>
                    <pre className="pub-command" dir="ltr">
                      <code>{t('lottery.command')}</code>
                    </pre>
                    <p>{t('lottery.proof3After')}</p>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      </Page>
      <SiteFooter />
    </>
  );
}
