import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
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
  '/administrator',
  '/provider/12',
  '/provider',
  '/provider/12/x',
  '/unauthorized',
  '/nope',
  '/schools/%20x',
];

// What React Router's <Routes> would pick among the remote routes (they do not overlap).
const routerMatch = (pathname: string) =>
  REMOTE_ROUTES.find((route) => matchPath(route.path, pathname || '/'));

describe('remote routes', () => {
  it.each(PATHS)('%s matches as React Router matches it', (pathname) => {
    expect(matchRemoteRoute(pathname)?.path).toBe(routerMatch(pathname)?.path);
  });

  // R-WEB-PROTECTED: the admin code is requested only after the session check.
  it('preloads the remote of an open page, never one behind the session check', () => {
    expect(remoteToPreload('/')).toBe('mfe_public');
    expect(remoteToPreload(`/schools/${TOKEN}`)).toBe('mfe_public');
    expect(remoteToPreload('/login')).toBe('mfe_admin');
    expect(remoteToPreload('/my-signup')).toBe('mfe_public');
    expect(remoteToPreload('/loting')).toBe('mfe_public');
    expect(remoteToPreload('/provider/3')).toBe('mfe_provider');
    expect(remoteToPreload('/admin')).toBeNull();
    expect(remoteToPreload('/admin/registrations')).toBeNull();
    expect(remoteToPreload('/nope')).toBeNull();
  });
});
