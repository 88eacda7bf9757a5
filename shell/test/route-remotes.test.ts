import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { REMOTE_PAGES } from '@nsa/web-kit/routes';
import { matchRemoteRoute, REMOTE_ROUTES, remoteToPreload } from '../src/remotes/route-remotes';

const TOKEN = '0123456789abcdef0123456789abcdef';
const PATHS = [
  '/',
  '',
  '/schools/' + TOKEN,
  '/schools/' + TOKEN + '/',
  '/SCHOOLS/abc',
  '/schools',
  '/schools/',
  '/schools/a/b',
  '/activities/x',
  '/my-signup',
  '/my-signup/',
  '/MY-SIGNUP',
  '/my-signup/x',
  '/loting',
  '/loting/',
  '/LOTING',
  '/loting/x',
  '/login',
  '/login/',
  '/login/x',
  '/reset-password',
  '/admin',
  '/admin/',
  '/admin/registrations',
  '/admin/schools/12/edit',
  '/ADMIN/SCHOOLS',
  '/admin/blocks/7/draw',
  '/admin/blocks/x/draw',
  '/admin/blocks/7/draw/x',
  '/admin/activities/3/attendance',
  '/admin/activities/3',
  '/admin/nope',
  '/administrator',
  '/platform',
  '/platform/',
  '/PLATFORM/LOGIN',
  '/platform/login/x',
  '/platform/organisations',
  '/provider/12',
  '/provider',
  '/provider/12/x',
  '/unauthorized',
  '/nope',
  '/schools/%20x',
];

// What React Router's <Routes> would pick among the remote routes (by its ranking: the admin's
// pages overlap its /admin/*).
const routerMatch = (pathname: string) =>
  matchRoutes([...REMOTE_ROUTES], pathname || '/')?.[0]?.route;

describe('remote routes', () => {
  it.each(PATHS)('%s matches as React Router matches it', (pathname) => {
    expect(matchRemoteRoute(pathname)?.path).toBe(routerMatch(pathname)?.path);
  });

  // By rank, not by the order of the table: the same with the routes in reverse.
  const reversed = [...REMOTE_ROUTES].reverse();
  it.each(PATHS)('%s matches as React Router ranks the routes in any order', (pathname) => {
    expect(matchRemoteRoute(pathname, reversed)?.path).toBe(
      matchRoutes(reversed, pathname || '/')?.[0]?.route.path,
    );
  });

  // R-WEB-PROTECTED: the admin code is requested only after the session check.
  it('preloads the remote of an open page, never one behind the session check', () => {
    expect(remoteToPreload('/')).toBe('mfe_public');
    expect(remoteToPreload(`/schools/${TOKEN}`)).toBe('mfe_public');
    expect(remoteToPreload('/login')).toBe('mfe_admin');
    expect(remoteToPreload('/my-signup')).toBe('mfe_public');
    expect(remoteToPreload('/loting')).toBe('mfe_public');
    expect(remoteToPreload('/provider/3')).toBe('mfe_provider');
    // R-PLATFORM-SCREENS: the platform pages check the platform session themselves.
    expect(remoteToPreload('/platform/login')).toBe('mfe_admin');
    expect(remoteToPreload('/platform')).toBe('mfe_admin');
    expect(remoteToPreload('/admin')).toBeNull();
    expect(remoteToPreload('/admin/registrations')).toBeNull();
    expect(remoteToPreload('/nope')).toBeNull();
  });

  // R-WEB-ROUTES: the shell mounts each page of the route table, with the remote that draws it.
  it('are the pages of the route table, by their remote', () => {
    const table = Object.entries(REMOTE_PAGES).flatMap(([remote, pages]) =>
      pages.map((path) => `${remote} ${path}`),
    );
    expect(REMOTE_ROUTES.map(({ remote, path }) => `${remote} ${path}`)).toEqual(table);
  });

  // R-WEB-PROTECTED: every admin screen, and only those, behind the session check.
  it('protects the admin pages and no other', () => {
    const guarded = REMOTE_ROUTES.filter((route) => route.protected).map((route) => route.path);
    expect(guarded).toContain('/admin');
    expect(guarded).toContain('/admin/*');
    expect(guarded).toContain('/admin/blocks/:id/draw');
    for (const { path, protected: adminOnly } of REMOTE_ROUTES) {
      expect(adminOnly === true, path).toBe(path === '/admin' || path.startsWith('/admin/'));
    }
  });
});
