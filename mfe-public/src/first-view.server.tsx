// The first view of the public pages, rendered at build time (scripts/first-views.mjs) by the
// same App the browser runs, one per language, for the gateway to put into the shell's page
// (server-side composition, docs/architecture.md). What depends on the run time (the
// organisation from /app-config.json, the school) is not in it: the App draws those parts
// itself once it knows them, as it does after a client-side navigation.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient, LANGUAGES, type Language } from '@nsa/web-kit';
import App, { loadLandingPage } from './export-app';
import ar from './i18n/ar.json';
import en from './i18n/en.json';
import nl from './i18n/nl.json';
import pl from './i18n/pl.json';
import tr from './i18n/tr.json';
import uk from './i18n/uk.json';
import landingAr from './i18n/landing.ar.json';
import landingEn from './i18n/landing.en.json';
import landingNl from './i18n/landing.nl.json';
import landingPl from './i18n/landing.pl.json';
import landingTr from './i18n/landing.tr.json';
import landingUk from './i18n/landing.uk.json';
import { NAMESPACE } from './namespace';
import { partNamespace } from './part-texts';

/**
 * The routes with a first view, by the name the gateway knows them under (its map
 * $gw_first_view). The school page's is the same for every school: its frame and lead while
 * the school loads; the token here is never in the output.
 */
export const FIRST_VIEWS = {
  landing: '/',
  school: '/schools/00000000000000000000000000000000',
} as const;
export type FirstView = keyof typeof FIRST_VIEWS;
export { LANGUAGES };

const TABLES: Record<Language, object> = { nl, en, tr, ar, pl, uk };
/** The landing page's own texts (a part of their own in the browser, loaded by that page). */
const LANDING: Record<Language, object> = {
  nl: landingNl,
  en: landingEn,
  tr: landingTr,
  ar: landingAr,
  pl: landingPl,
  uk: landingUk,
};
const LANDING_NAMESPACE = partNamespace('landing');

function texts(language: Language) {
  const instance = i18next.createInstance();
  // The options of web-kit's initI18n, with the tables at hand.
  void instance.init({
    lng: language,
    fallbackLng: 'nl',
    supportedLngs: [...LANGUAGES],
    ns: [NAMESPACE, LANDING_NAMESPACE],
    defaultNS: NAMESPACE,
    resources: Object.fromEntries(
      LANGUAGES.map((lng) => [
        lng,
        { [NAMESPACE]: TABLES[lng], [LANDING_NAMESPACE]: LANDING[lng] },
      ]),
    ),
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * The App's markup at the view's route, as its first render in the browser draws it (once the
 * landing page's module, which the browser loads apart, is loaded).
 */
export async function renderFirstView(view: FirstView, language: Language): Promise<string> {
  await loadLandingPage();
  const tree: ReactElement = (
    <I18nextProvider i18n={texts(language)}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[FIRST_VIEWS[view]]}>
          <App />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return renderToStaticMarkup(tree);
}
