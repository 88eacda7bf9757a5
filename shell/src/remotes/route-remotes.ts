// Which remote owns which page route (R-WEB-ROUTES), read from the route table every remote
// renders its pages from (@nsa/web-kit/routes). App.tsx mounts these routes; the shell's first
// script also reads them to start loading the remote of the page being opened while its own
// code is still downloading.
import { LANGUAGES, STAFF_LANGUAGES, type Language } from '@nsa/web-kit/languages';
import { isAdminOnly, REMOTE_NAMES, REMOTE_PAGES } from '@nsa/web-kit/routes';
import type { RemoteName } from './parse-registry';

export interface RemoteRouteSpec {
  /** A React Router path: static segments, `:param` segments, or a final `*`. */
  path: string;
  remote: RemoteName;
  /** R-WEB-PROTECTED: for admins only; the remote is requested only after the session check. */
  protected?: true;
}

/** Every page of every remote, in the table's order. */
export const REMOTE_ROUTES: readonly RemoteRouteSpec[] = REMOTE_NAMES.flatMap((remote) =>
  REMOTE_PAGES[remote].map((path): RemoteRouteSpec =>
    isAdminOnly(path) ? { path, remote, protected: true } : { path, remote },
  ),
);

/**
 * The languages each remote's screens are in (R-LANG-PUBLIC): the public side in all six, the
 * admin and provider screens in Dutch and English. The switcher lists these on the remote's
 * routes (the public ones narrowed to the organisation's, see languagesOf); a visitor who chose
 * another shows Dutch there and keeps the choice. The gateway's map $gw_page_langs
 * (gateway/nginx.conf.template) picks the same for a page's first HTML.
 */
export const REMOTE_LANGUAGES: Readonly<Record<RemoteName, readonly Language[]>> = {
  mfe_public: LANGUAGES,
  mfe_admin: STAFF_LANGUAGES,
  mfe_provider: STAFF_LANGUAGES,
};

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * React Router's rank of a pattern among those that match: each segment counts, a static one
 * more than a `:param`, a `*` less than none (so `/admin/blocks/:id/draw` wins over `/admin/*`).
 */
const rank = (pattern: string[]) =>
  pattern.reduce(
    (sum, segment) => sum + (segment === '*' ? -1 : segment.startsWith(':') ? 4 : 11),
    0,
  );

/**
 * The route a pathname matches, the way React Router matches and ranks these
 * patterns (case-insensitive, a trailing slash allowed). Kept free of React Router so
 * the shell's first script can use it before the router is loaded.
 */
export function matchRemoteRoute(
  pathname: string,
  routes: readonly RemoteRouteSpec[] = REMOTE_ROUTES,
): RemoteRouteSpec | undefined {
  let parts: string[];
  try {
    parts = segments(pathname).map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
  let best: RemoteRouteSpec | undefined;
  let bestRank = -Infinity;
  for (const route of routes) {
    const pattern = segments(route.path);
    const splat = pattern.at(-1) === '*';
    const fixed = splat ? pattern.slice(0, -1) : pattern;
    if (splat ? parts.length < fixed.length : parts.length !== fixed.length) continue;
    const matches = fixed.every((segment, i) =>
      segment.startsWith(':') ? parts[i] !== '' : segment.toLowerCase() === parts[i]!.toLowerCase(),
    );
    // The first of equal rank, as React Router keeps the order of routes that tie.
    if (matches && rank(pattern) > bestRank) [best, bestRank] = [route, rank(pattern)];
  }
  return best;
}

/**
 * R-ORG-LANGUAGES: the remotes whose pages offer only the languages their organisation chose
 * for its public pages. The staff screens keep theirs (STAFF_LANGUAGES) whatever it chose; the
 * shell's own pages (not found, …) are the public side's.
 */
const ORGANISATION_CHOOSES: Readonly<Record<RemoteName, boolean>> = {
  mfe_public: true,
  mfe_admin: false,
  mfe_provider: false,
};

/**
 * The languages a page offers, the one place that decides them: its remote's, or all on the
 * shell's own pages (not found, …); on the public side only those of them its organisation
 * offers, once that is known (`organisation`, from GET /api/app-config: Dutch always among
 * them). Until then, or when it cannot be known, the page offers what its path gives.
 */
export function languagesOf(
  pathname: string,
  organisation?: readonly Language[] | null,
): readonly Language[] {
  const route = matchRemoteRoute(pathname);
  const page = route ? REMOTE_LANGUAGES[route.remote] : LANGUAGES;
  if (!organisation || (route && !ORGANISATION_CHOOSES[route.remote])) return page;
  return page.filter((language) => organisation.includes(language));
}

/** The remote to start loading for a page, or null (none, or behind the session check). */
export function remoteToPreload(pathname: string): RemoteName | null {
  const route = matchRemoteRoute(pathname);
  return route && !route.protected ? route.remote : null;
}
