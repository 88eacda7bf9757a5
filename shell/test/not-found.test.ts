// @vitest-environment jsdom
// R-WEB-NOT-FOUND: a path no screen has shows the shell's not-found page, which advises asking
// the school for its link, with buttons to the start page and back.
import { act, createElement as h } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NotFound } from '../src/pages/NotFound';
import en from '../src/i18n/en.json';
import nl from '../src/i18n/nl.json';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'nl',
    resources: { nl: { translation: nl }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

/** The shell's routes as far as this page goes: the start page, and any other path. */
function open(entries: string[]) {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  act(() =>
    root!.render(
      h(
        I18nextProvider,
        { i18n },
        h(
          MemoryRouter,
          { initialEntries: entries },
          h(
            Routes,
            null,
            h(Route, { path: '/', element: h('main', { 'data-page': 'start' }) }),
            h(Route, { path: '/schools/:token', element: h('main', { 'data-page': 'school' }) }),
            h(Route, { path: '*', element: h(NotFound) }),
          ),
        ),
      ),
    ),
  );
  return container;
}
const page = (c: HTMLElement) => c.querySelector('main')?.getAttribute('data-page');

describe('the not-found page (R-WEB-NOT-FOUND)', () => {
  it('advises asking the school for its link, and offers the start page', () => {
    const c = open(['/bestaat-niet']);
    expect(page(c)).toBe('not-found');
    expect(c.querySelector('h1')?.textContent).toBe(nl.notFound.title);
    expect(c.textContent).toContain(nl.notFound.text);
    expect(nl.notFound.text).toMatch(/vraag je school om de directe link/);
    const home = [...c.querySelectorAll('a')].find((a) => a.textContent === nl.notFound.home);
    expect(home?.getAttribute('href')).toBe('/');
    act(() => home!.click());
    expect(page(c)).toBe('start');
  });

  it('goes back to the page before with its back button', () => {
    const c = open([`/schools/${'a'.repeat(32)}`, '/schools/x/y']);
    expect(page(c)).toBe('not-found');
    const back = [...c.querySelectorAll('button')].find((b) => b.textContent === nl.notFound.back);
    act(() => back!.click());
    expect(page(c)).toBe('school');
  });
});
