// The first views the build writes for the gateway (server-side composition,
// docs/architecture.md): the App's own markup at the route, in each language, without what
// only the run time knows.
import { describe, expect, it } from 'vitest';
import ar from '../src/i18n/ar.json';
import en from '../src/i18n/en.json';
import nl from '../src/i18n/nl.json';
import pl from '../src/i18n/pl.json';
import tr from '../src/i18n/tr.json';
import uk from '../src/i18n/uk.json';
import landingAr from '../src/i18n/landing.ar.json';
import landingEn from '../src/i18n/landing.en.json';
import landingNl from '../src/i18n/landing.nl.json';
import landingPl from '../src/i18n/landing.pl.json';
import landingTr from '../src/i18n/landing.tr.json';
import landingUk from '../src/i18n/landing.uk.json';
import { FIRST_VIEWS, LANGUAGES, renderFirstView } from '../src/first-view.server';

const TEXTS = { nl, en, tr, ar, pl, uk } as const;
const LANDING_TEXTS = {
  nl: landingNl,
  en: landingEn,
  tr: landingTr,
  ar: landingAr,
  pl: landingPl,
  uk: landingUk,
} as const;
/** A text as React writes it into HTML. */
const escaped = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  );

describe('first views (R-PUBLIC-LANDING, R-PUBLIC-SCHOOL-PAGE)', () => {
  it.each(LANGUAGES)(
    'the landing page in %s: lead, privacy note, three steps, cards',
    async (language) => {
      const t = LANDING_TEXTS[language].landing;
      const html = await renderFirstView('landing', language);
      expect(html).toMatch(/^<main class="page" data-remote="mfe_public" data-page="landing"><h1>/);
      expect(html).toContain(`<p class="pub-lead">${escaped(t.intro)}</p>`);
      expect(html).toContain(`<p class="pub-notice">${escaped(t.privacy)}</p>`);
      for (const step of [t.step1Title, t.step2Title, t.step3Title, t.step3Text]) {
        expect(html).toContain(escaped(step));
      }
      expect(html.match(/<li class="pub-step">/g)).toHaveLength(3);
      expect(html).toContain(escaped(t.contactTitle));
      expect(html).toContain(escaped(t.whyText));
    },
  );

  it('leaves out what /app-config.json decides: the contact lines and the footer', async () => {
    const html = await renderFirstView('landing', 'nl');
    expect(html).not.toContain('mailto:');
    expect(html).not.toContain('<footer');
    expect(html).not.toContain('{{');
  });

  it.each(LANGUAGES)(
    'the school page in %s: frame, lead and spinner, no school',
    async (language) => {
      const t = TEXTS[language].school;
      const html = await renderFirstView('school', language);
      expect(html).toBe(
        '<main class="page" data-remote="mfe_public" data-page="school">' +
          `<h1>${escaped(t.title)}</h1><p class="pub-lead">${escaped(t.subtitle)}</p>` +
          '<div class="spinner-box" role="status" aria-live="polite">' +
          '<span class="spinner" aria-hidden="true"></span>' +
          `<span class="visually-hidden">${escaped(t.loading)}</span></div></main>`,
      );
      expect(html).not.toContain(FIRST_VIEWS.school.split('/').at(-1));
    },
  );
});
