// R-WEB-ROUTES: the public remote draws the pages the route table gives it, and no others.
import { describe, expect, it } from 'vitest';
import { REMOTE_PAGES } from '@nsa/web-kit/routes';
import { renderUnderShellRoute } from '@nsa/web-kit/testing/routes';
import App, { routes } from '../src/export-app';

/** The remote's markup at a path, under a route of the shell's. */
const render = (path: string, shellRoute: string) => renderUnderShellRoute(App, path, shellRoute);

describe('public routes', () => {
  it('are the pages of the route table, each with an element', () => {
    expect(routes.map((route) => route.path).sort()).toEqual([...REMOTE_PAGES.mfe_public].sort());
    for (const route of routes) expect(route.element, route.path).toBeTruthy();
  });

  // The page loads apart (R-DRAW-RULES): until then its own spinner, at its path.
  it('draw the lottery page under the shell’s route', () => {
    expect(render('/loting', '/loting')).toContain('data-page="lottery"');
  });

  it('draw nothing on a path that is not theirs', () => {
    expect(render('/nope', '*')).toBe('');
    expect(render('/schools/a/b', '*')).toBe('');
  });
});
