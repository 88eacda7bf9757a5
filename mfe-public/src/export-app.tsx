import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  Page,
  pageRoutes,
  registerResources,
  RemoteRoutes,
  Spinner,
  useNamespaceTexts,
} from '@nsa/web-kit';
import type { PUBLIC_PAGES } from '@nsa/web-kit/routes';
import { addDateWords } from './lib/dates';
import { NAMESPACE } from './namespace';
import { SchoolPage } from './pages/SchoolPage';
import './styles.css';

// Only the page's language is loaded, Dutch too: a page in Arabic downloads no Dutch. The chunks
// are named i18n-<language>: the shell preloads the page's one with the App (shell/src/remotes/
// preload.ts), so Dutch costs no extra round trip either.
// Dutch and English dates are written with the language's own words (lib/dates.ts), which
// travel in the same chunk as its texts.
registerResources(NAMESPACE, {
  nl: () =>
    Promise.all([
      import(/* webpackChunkName: "i18n-nl" */ './i18n/nl.json'),
      import(/* webpackChunkName: "i18n-nl" */ './lib/date-words/nl'),
    ]).then(([texts, words]) => {
      addDateWords('nl', words.default);
      return texts;
    }),
  en: () =>
    Promise.all([
      import(/* webpackChunkName: "i18n-en" */ './i18n/en.json'),
      import(/* webpackChunkName: "i18n-en" */ './lib/date-words/en'),
    ]).then(([texts, words]) => {
      addDateWords('en', words.default);
      return texts;
    }),
  tr: () => import(/* webpackChunkName: "i18n-tr" */ './i18n/tr.json'),
  ar: () => import(/* webpackChunkName: "i18n-ar" */ './i18n/ar.json'),
  pl: () => import(/* webpackChunkName: "i18n-pl" */ './i18n/pl.json'),
  uk: () => import(/* webpackChunkName: "i18n-uk" */ './i18n/uk.json'),
});

// R-PUBLIC-LANDING: the landing page, and its texts (i18n-landing-<language>), are not part of
// the school page's first load either: loaded when the page is opened, which the shell starts
// with the App on / (shell/src/remotes/preload.ts). Retried after a failure as below.
const importLandingPage = () => import(/* webpackChunkName: "landing" */ './pages/LandingPage');
function lazyLandingPage() {
  return lazy(() =>
    importLandingPage().catch((error: unknown) => {
      LandingPage = lazyLandingPage();
      throw error;
    }),
  );
}
let LandingPage = lazyLandingPage();
/** Set by loadLandingPage: the build-time first view renders at once, so it loads it first. */
let LoadedLandingPage: ComponentType | undefined;

/** Loads the landing page's module ahead of a render that cannot wait (first-view.server). */
export async function loadLandingPage(): Promise<void> {
  LoadedLandingPage = (await importLandingPage()).default;
}

// R-MY-SIGNUP-VIEW: the parent's own page is not part of the school page's first load. React.lazy
// remembers a failure for good, so a failed load makes a fresh one for the next try (the
// shell's retry button renders the app again).
function lazyMySignupPage() {
  return lazy(() =>
    import(/* webpackChunkName: "my-signup" */ './pages/MySignupPage').catch((error: unknown) => {
      MySignupPage = lazyMySignupPage();
      throw error;
    }),
  );
}
let MySignupPage = lazyMySignupPage();

// R-DRAW-RULES: how the draw works, read by few, so loaded only when opened (as above).
function lazyLotteryPage() {
  return lazy(() =>
    import(/* webpackChunkName: "lottery" */ './pages/LotteryPage').catch((error: unknown) => {
      LotteryPage = lazyLotteryPage();
      throw error;
    }),
  );
}
let LotteryPage = lazyLotteryPage();

function MySignupLoading() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Page remote={NAMESPACE} page="my-signup" title={t('mySignup.title')}>
      <Spinner label={t('mySignup.loading')} />
    </Page>
  );
}

function LotteryLoading() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Page remote={NAMESPACE} page="lottery" title={t('lottery.title')}>
      <Spinner label={t('lottery.loading')} />
    </Page>
  );
}

// Components, not elements made once: each reads its lazy page when it renders, so after a
// failed load the fresh one is used.
function MySignupRoute() {
  return (
    <Suspense fallback={<MySignupLoading />}>
      <MySignupPage />
    </Suspense>
  );
}

function LotteryRoute() {
  return (
    <Suspense fallback={<LotteryLoading />}>
      <LotteryPage />
    </Suspense>
  );
}

// No Suspense of its own: while the page loads, the shell's loading state shows, or the first
// view the gateway put into the page, which the landing page then takes over unchanged.
function LandingRoute() {
  return LoadedLandingPage ? <LoadedLandingPage /> : <LandingPage />;
}

function SchoolRoute() {
  const { token = '' } = useParams();
  return <SchoolPage token={token} />;
}

/** The public remote's pages at their paths in the route table (PUBLIC_PAGES). */
export const routes = pageRoutes<typeof PUBLIC_PAGES>({
  '/': <LandingRoute />,
  '/schools/:token': <SchoolRoute />,
  '/activities/:token': <SchoolRoute />,
  '/my-signup': <MySignupRoute />,
  '/loting': <LotteryRoute />,
});

export default function App() {
  useNamespaceTexts(NAMESPACE);
  return <RemoteRoutes routes={routes} />;
}
