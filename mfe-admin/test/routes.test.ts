// R-WEB-ROUTES: the admin remote draws the pages the route table gives it, and no others.
import { describe, expect, it } from 'vitest';
import { REMOTE_PAGES } from '@nsa/web-kit/routes';
import { renderUnderShellRoute } from '@nsa/web-kit/testing/routes';
import App, { routes } from '../src/export-app';

/** The remote's markup at a path, under the shell's route for it as in the shell. */
const render = (path: string, shellRoute = '/admin/*') =>
  renderUnderShellRoute(App, path, shellRoute);

describe('admin routes', () => {
  it('are the pages of the route table, each with an element', () => {
    expect(routes.map((route) => route.path).sort()).toEqual([...REMOTE_PAGES.mfe_admin].sort());
    for (const route of routes) expect(route.element, route.path).toBeTruthy();
  });

  it('show the admin not-found page on an /admin path no screen owns', () => {
    expect(render('/admin/nope')).toContain('data-page="not-found"');
    expect(render('/admin/schools/12/edit')).toContain('data-page="not-found"');
  });

  // R-DRAW-PREVIEW, R-ATTENDANCE-ADMIN: an id that is no number is a page that does not exist.
  it.each(['/admin/blocks/abc/draw', '/admin/blocks/0/draw', '/admin/activities/x/attendance'])(
    '%s is not found',
    (path) => {
      expect(render(path)).toContain('data-page="not-found"');
    },
  );

  it('draw nothing on a path that is not theirs', () => {
    expect(render('/nope', '*')).toBe('');
  });
});
