import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient, initI18n, loadLanguage } from '@nsa/web-kit';
import { App } from './App';
import { takeFirstView } from './first-view';
import { nextTask } from './next-task';
import { languagesOf } from './remotes/route-remotes';
import nl from './i18n/nl.json';

/** Sets up the texts and the query cache, then renders the shell. */
async function start(container: HTMLElement): Promise<void> {
  // Dutch is the default and comes with the shell; another language is loaded when needed. The
  // page offers the languages of its remote (Dutch and English on admin and provider pages); on
  // the public side the App narrows them to its organisation's once they are known
  // (R-ORG-LANGUAGES), so a choice it offers is shown from the start.
  const i18n = initI18n({
    namespace: 'shell',
    resources: {
      nl,
      en: () => import(/* webpackChunkName: "i18n-en" */ './i18n/en.json'),
      tr: () => import(/* webpackChunkName: "i18n-tr" */ './i18n/tr.json'),
      ar: () => import(/* webpackChunkName: "i18n-ar" */ './i18n/ar.json'),
      pl: () => import(/* webpackChunkName: "i18n-pl" */ './i18n/pl.json'),
      uk: () => import(/* webpackChunkName: "i18n-uk" */ './i18n/uk.json'),
    },
    languages: languagesOf(window.location.pathname),
  });
  const queryClient = createQueryClient();

  // A page in another language renders once its texts are there (index.html's header and
  // the gateway's first view are shown meanwhile); if they cannot be loaded, the
  // Dutch ones stand in.
  await Promise.all([
    loadLanguage(i18n, i18n.language).catch(() => undefined),
    takeFirstView(document.getElementById('content'), window.location.pathname),
  ]);

  // Rendered in a task of its own, and as a transition: React renders it in
  // slices of a few milliseconds, yielding to the browser in between, instead of
  // in one long task. The page shows the static header (and the gateway's first
  // view) until the result is committed.
  await nextTask();
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </QueryClientProvider>
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The task that loaded this module also ran every module it imports (React,
// the router, i18next, …): the rest waits for the next one.
void nextTask().then(() => start(container));
