// R-WEB-ROUTES: the public remote draws the pages the route table gives it, and no others.
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { REMOTE_PAGES } from '@nsa/web-kit/routes';
import App, { routes } from '../src/export-app';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'nl', resources: {}, initAsync: false });

/** The remote's markup at a path, under a route of the shell's. */
function render(path: string, shellRoute: string) {
  return renderToStaticMarkup(
    h(
      I18nextProvider,
      { i18n },
      h(
        MemoryRouter,
        { initialEntries: [path] },
        h(Routes, null, h(Route, { path: shellRoute, element: h(App) })),
      ),
    ),
  );
}

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
