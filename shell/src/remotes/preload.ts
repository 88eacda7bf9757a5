import { preloadRemote } from '@module-federation/enhanced/runtime';
import { loadRegistry } from './registry';
import { remoteToPreload } from './route-remotes';

/**
 * Runs first thing in the shell's first script: fetches the registry and then
 * the manifest, remoteEntry.js and the exposed App's files of the remote that
 * owns the page, while the shell's own chunks (React, the router, …) are still
 * downloading. Nothing of the remote runs here: its module is evaluated when
 * the route renders, as before. A failure is left to that render, which shows
 * the error and the retry button.
 *
 * With them, the remote's texts in the page's language, where the remote loads them on demand
 * in a chunk named i18n-<language> (mfe-public, even for Dutch): they arrive with the App
 * instead of one round trip after it. The page's language is the one the gateway wrote into
 * <html lang> (?lng=, else the nsa_lang cookie, else Dutch). On the landing page (/) also that
 * page and its texts, which mfe-public keeps apart from its App (chunks named landing and
 * i18n-landing-<language>).
 */
export function preloadRouteRemote(pathname: string): void {
  const registry = loadRegistry();
  const remote = remoteToPreload(pathname);
  const lang = document.documentElement.lang;
  const language = /^[a-z]{2}$/.test(lang) ? lang : 'nl';
  const files = pathname === '/' ? `landing|i18n-(landing-)?${language}` : `i18n-${language}`;
  const texts = new RegExp(`/(${files})\\.[0-9a-f]+\\.js$`);
  registry
    .then((entries) =>
      remote && entries[remote]
        ? // share: false, the shell provides every shared package itself.
          preloadRemote([
            { nameOrAlias: remote, exposes: ['./App'], share: false },
            {
              nameOrAlias: remote,
              exposes: ['./App'],
              share: false,
              resourceCategory: 'all',
              filter: (url) => texts.test(url),
            },
          ])
        : undefined,
    )
    .catch(() => undefined);
}
