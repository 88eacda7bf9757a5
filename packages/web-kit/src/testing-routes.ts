// Helpers for tests only: a remote's markup as the shell mounts it.
import { createElement as h, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'nl', resources: {}, initAsync: false });

/**
 * A remote's `App` rendered at `path` under one of the shell's routes (`/admin/*`,
 * `/provider/:activityId`, …), the way the shell mounts it (R-WEB-ROUTES).
 */
export function renderUnderShellRoute(
  App: ComponentType,
  path: string,
  shellRoute: string,
): string {
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
