// R-WEB-ROUTES: every page of the front end, by the remote that draws it. The one list of them:
// the shell mounts these paths and starts loading a page's remote from them
// (shell/src/remotes/route-remotes.ts); each remote renders them with React Router
// (pageRoutes, RemoteRoutes). A new page is one line here and its element in its remote.
// Without React or React Router: the shell's first script reads it before either is loaded.

export const REMOTE_NAMES = ['mfe_public', 'mfe_admin', 'mfe_provider'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

// Each remote's pages: React Router paths, absolute (static segments, `:param` segments, or a
// final `*`), so the same wherever the shell mounts the remote. The remote gives each of these
// paths its element (pageRoutes), and only these: the compiler holds it to the list.

export const PUBLIC_PAGES = [
  '/',
  '/schools/:token',
  '/activities/:token',
  // R-MY-SIGNUP-LINK: the parent's own link; its token is the fragment, never part of the path.
  '/my-signup',
  // R-DRAW-RULES: how the draw of a lottery block works, linked from its cards.
  '/loting',
] as const;

export const ADMIN_PAGES = [
  '/login',
  '/reset-password',
  '/admin',
  '/admin/settings',
  // R-AUDIT-SCREEN: who did what.
  '/admin/audit',
  // R-PRIVACY-SCREEN: retention, export and erasure.
  '/admin/privacy',
  // R-ORG-SETTINGS: the organisation's own name, contact address and links.
  '/admin/organisation',
  '/admin/schools',
  '/admin/blocks',
  // R-DRAW-PREVIEW: a lottery block's draw.
  '/admin/blocks/:id/draw',
  '/admin/providers',
  '/admin/activities',
  // R-ATTENDANCE-ADMIN: an activity's attendance, read-only.
  '/admin/activities/:id/attendance',
  '/admin/registrations',
  // Any other path of the admin screens: the admin's own not-found page, behind the session
  // check like the rest.
  '/admin/*',
  // R-PLATFORM-SCREENS: the platform administrators' login and their list of the deployment's
  // organisations. Not under ADMIN_AREA: an organisation's admin session says nothing about a
  // platform session, so these pages check their own (GET /api/platform/session).
  '/platform/login',
  '/platform',
] as const;

export const PROVIDER_PAGES = ['/provider/:activityId'] as const;

/** Every remote's pages. */
export const REMOTE_PAGES = {
  mfe_public: PUBLIC_PAGES,
  mfe_admin: ADMIN_PAGES,
  mfe_provider: PROVIDER_PAGES,
} as const satisfies Record<RemoteName, readonly string[]>;

/**
 * R-WEB-PROTECTED: every page at or under this path is for admins only; the shell checks the
 * session before it requests the remote, so a visitor without one never downloads it. By path
 * rather than a flag on each page, so that no new admin page can be left open by mistake.
 */
export const ADMIN_AREA = '/admin';

/** Whether a page (its path in REMOTE_PAGES) is for admins only. */
export function isAdminOnly(path: string): boolean {
  return path === ADMIN_AREA || path.startsWith(`${ADMIN_AREA}/`);
}
