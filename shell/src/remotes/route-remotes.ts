// Which remote owns which page route (R-WEB-ROUTES). App.tsx renders these routes;
// the shell's first script also reads them to start loading the remote of
// the page being opened while its own code is still downloading.
import { LANGUAGES, STAFF_LANGUAGES, type Language } from '@nsa/web-kit/languages';
import type { RemoteName } from './parse-registry';

export interface RemoteRouteSpec {
  /** A React Router path: static segments, `:param` segments, or a final `*`. */
  path: string;
  remote: RemoteName;
  /** R-WEB-PROTECTED: for admins only; the remote is requested only after the session check. */
  protected?: true;
}

export const REMOTE_ROUTES: readonly RemoteRouteSpec[] = [
  { path: '/', remote: 'mfe_public' },
  { path: '/activities/:token', remote: 'mfe_public' },
  { path: '/schools/:token', remote: 'mfe_public' },
  // R-MY-SIGNUP-LINK: the parent's own link; its token is the fragment, never part of the path.
  { path: '/my-signup', remote: 'mfe_public' },
  // R-DRAW-RULES: how the draw of a lottery block works, linked from its cards.
  { path: '/loting', remote: 'mfe_public' },
  { path: '/login', remote: 'mfe_admin' },
  { path: '/reset-password', remote: 'mfe_admin' },
  { path: '/admin/*', remote: 'mfe_admin', protected: true },
  { path: '/provider/:activityId', remote: 'mfe_provider' },
];

/**
 * The languages each remote's screens are in (R-LANG-PUBLIC): the public side in all six, the
 * admin and provider screens in Dutch and English. The switcher lists these on the remote's
 * routes; a visitor who chose another shows Dutch there and keeps the choice. The gateway's map
 * $gw_page_langs (gateway/nginx.conf.template) picks the same for a page's first HTML.
 */
export const REMOTE_LANGUAGES: Readonly<Record<RemoteName, readonly Language[]>> = {
  mfe_public: LANGUAGES,
  mfe_admin: STAFF_LANGUAGES,
  mfe_provider: STAFF_LANGUAGES,
};

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The route a pathname matches, the way React Router matches these patterns
 * (case-insensitive, a trailing slash allowed). Kept free of React Router so
 * the shell's first script can use it before the router is loaded.
 */
export function matchRemoteRoute(pathname: string): RemoteRouteSpec | undefined {
  let parts: string[];
  try {
    parts = segments(pathname).map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
  return REMOTE_ROUTES.find((route) => {
    const pattern = segments(route.path);
    const splat = pattern.at(-1) === '*';
    const fixed = splat ? pattern.slice(0, -1) : pattern;
    if (splat ? parts.length < fixed.length : parts.length !== fixed.length) return false;
    return fixed.every((segment, i) =>
      segment.startsWith(':') ? parts[i] !== '' : segment.toLowerCase() === parts[i]!.toLowerCase(),
    );
  });
}

/** The languages a page offers: its remote's, or all on the shell's own pages (not found, …). */
export function languagesOf(pathname: string): readonly Language[] {
  const route = matchRemoteRoute(pathname);
  return route ? REMOTE_LANGUAGES[route.remote] : LANGUAGES;
}

/** The remote to start loading for a page, or null (none, or behind the session check). */
export function remoteToPreload(pathname: string): RemoteName | null {
  const route = matchRemoteRoute(pathname);
  return route && !route.protected ? route.remote : null;
}
