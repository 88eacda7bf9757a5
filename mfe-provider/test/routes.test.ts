// R-WEB-ROUTES: the provider remote draws the page the route table gives it, and no other.
import { describe, expect, it } from 'vitest';
import { REMOTE_PAGES } from '@nsa/web-kit/routes';
import { renderUnderShellRoute } from '@nsa/web-kit/testing/routes';
import App, { routes } from '../src/export-app';

/** The remote's markup at a path, under the shell's route for it as in the shell. */
const render = (path: string, shellRoute = '/provider/:activityId') =>
  renderUnderShellRoute(App, path, shellRoute);

describe('provider routes', () => {
  it('are the pages of the route table, each with an element', () => {
    expect(routes.map((route) => route.path).sort()).toEqual([...REMOTE_PAGES.mfe_provider].sort());
    for (const route of routes) expect(route.element, route.path).toBeTruthy();
  });

  // The shell's route has no `*`: the remote still matches the whole path.
  it('draw the participants page under the shell’s route', () => {
    expect(render('/provider/abc')).toContain('data-page="provider"');
    expect(render('/provider/12?view=attendance')).toContain('data-page="provider-attendance"');
  });

  it('draw nothing on a path that is not theirs', () => {
    expect(render('/nope', '*')).toBe('');
  });
});
