// @vitest-environment jsdom
// R-ORG-LANGUAGES: the public pages offer only the languages their organisation chose (GET
// /api/app-config); until its answer is there, or when it has none, the languages of the page's
// path. The staff screens keep Dutch and English whatever the organisation chose.
import { act, createElement as h } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chosenLanguage, createQueryClient, initI18n, LANGUAGES } from '@nsa/web-kit';
import { App } from '../src/App';
import { organisationLanguages } from '../src/page-languages';
import { languagesOf } from '../src/remotes/route-remotes';
import ar from '../src/i18n/ar.json';
import en from '../src/i18n/en.json';
import nl from '../src/i18n/nl.json';
import pl from '../src/i18n/pl.json';
import tr from '../src/i18n/tr.json';
import uk from '../src/i18n/uk.json';

// The remotes themselves are not under test: each draws nothing.
vi.mock('../src/remotes/load-remote-app', () => ({
  loadRemoteApp: () => Promise.resolve({ default: () => null }),
}));
vi.mock('../src/remotes/registry', () => ({ forgetRemote: () => Promise.resolve() }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ALL = [...LANGUAGES];
const STAFF = ['nl', 'en'];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const organisation = (languages?: unknown) =>
  json({
    organisation: {
      name: 'Welzijn Eiken',
      contactEmail: 'info@eiken.example',
      website: null,
      privacyUrl: null,
      ...(languages === undefined ? {} : { languages }),
    },
  });

/** GET /api/app-config answers with `appConfig`; every other call fails. */
function serve(appConfig: () => Promise<Response>) {
  const fetchMock = vi.fn((input: RequestInfo | URL) =>
    String(input) === '/api/app-config' ? appConfig() : Promise.resolve(json({}, 404)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const askedForAppConfig = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.some(([input]) => String(input) === '/api/app-config');

/** The visitor chose this language on an earlier visit (the cookie the gateway reads too). */
function remember(language: string) {
  document.cookie = `nsa_lang=${language}; Path=/`;
}

let root: Root | undefined;
beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  document.cookie = 'nsa_lang=; Path=/; Max-Age=0';
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The shell as bootstrap.tsx sets it up, opened at `path`. */
function open(path: string): { container: HTMLElement; i18n: I18n } {
  const i18n = initI18n({
    namespace: 'shell',
    resources: { nl, en, tr, ar, pl, uk },
    languages: languagesOf(path),
    search: '',
  });
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  act(() =>
    root!.render(
      h(
        I18nextProvider,
        { i18n },
        h(
          QueryClientProvider,
          { client: createQueryClient() },
          h(MemoryRouter, { initialEntries: [path] }, h(App)),
        ),
      ),
    ),
  );
  return { container, i18n };
}

/** Lets the answers arrive and everything they start (the query, the switch of language) end. */
async function settle() {
  for (let i = 0; i < 10; i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  }
}

const offered = (container: HTMLElement) =>
  [...container.querySelectorAll('.language-switcher button')].map((b) => b.getAttribute('lang'));
const pressed = (container: HTMLElement) =>
  container.querySelector('.language-switcher button[aria-pressed="true"]')?.getAttribute('lang');

describe("the organisation's languages (R-ORG-LANGUAGES)", () => {
  it.each(['/', `/schools/${'a'.repeat(32)}`, '/loting', '/bestaat-niet'])(
    'are the only ones the switcher lists on the public page %s',
    async (path) => {
      serve(() => Promise.resolve(organisation(['nl', 'en'])));
      const { container } = open(path);
      await settle();
      expect(offered(container)).toEqual(['nl', 'en']);
    },
  );

  it('show Dutch for a remembered choice the organisation does not offer, and keep the choice', async () => {
    remember('tr');
    serve(() => Promise.resolve(organisation(['nl', 'en'])));
    const { container, i18n } = open('/');
    await settle();
    expect(i18n.language).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    expect(pressed(container)).toBe('nl');
    expect(chosenLanguage(i18n)).toBe('tr');
  });

  it('leave the page in the language the path offers until the answer is there, with no flash of Dutch', async () => {
    remember('en');
    let answer: (response: Response) => void = () => undefined;
    serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { container, i18n } = open('/');
    const shown: string[] = [];
    i18n.on('languageChanged', (language: string) => shown.push(language));
    await settle();
    expect(offered(container)).toEqual(ALL);
    expect(i18n.language).toBe('en');

    answer(organisation(['nl', 'en', 'pl']));
    await settle();
    expect(offered(container)).toEqual(['nl', 'en', 'pl']);
    expect(i18n.language).toBe('en');
    expect(shown).not.toContain('nl');
  });

  it.each([
    ['a failing call', () => Promise.resolve(json({ message: 'Storing' }, 503))],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an answer without languages (an older server)', () => Promise.resolve(organisation())],
    ['languages without Dutch', () => Promise.resolve(organisation(['en', 'tr']))],
    ['an unknown language', () => Promise.resolve(organisation(['nl', 'de']))],
    ['languages that are no list', () => Promise.resolve(organisation('nl,en'))],
    ['an answer that is no JSON', () => Promise.resolve(new Response('<html>', { status: 200 }))],
  ])('leave all six offered after %s', async (_case, appConfig) => {
    remember('tr');
    const fetchMock = serve(appConfig);
    const { container, i18n } = open('/');
    await settle();
    expect(askedForAppConfig(fetchMock)).toBe(true);
    expect(offered(container)).toEqual(ALL);
    expect(i18n.language).toBe('tr');
  });

  it.each(['/login', '/provider/3', '/platform'])(
    'leave the staff page %s in Dutch and English, and narrow the public pages only',
    async (path) => {
      remember('en');
      serve(() => Promise.resolve(organisation(['nl', 'tr'])));
      const { container, i18n } = open(path);
      await settle();
      expect(offered(container)).toEqual(STAFF);
      expect(i18n.language).toBe('en');

      // The same answer narrows the public pages: English is not among them there.
      act(() => container.querySelector<HTMLAnchorElement>('a.brand')!.click());
      await settle();
      expect(offered(container)).toEqual(['nl', 'tr']);
      expect(i18n.language).toBe('nl');
      expect(chosenLanguage(i18n)).toBe('en');
    },
  );

  it('are read in the order of the languages, each once', () => {
    const config = (languages: unknown) => ({ organisation: { languages } });
    expect(organisationLanguages(config(['uk', 'nl', 'en', 'nl']))).toEqual(['nl', 'en', 'uk']);
    expect(organisationLanguages(config(['nl']))).toEqual(['nl']);
    expect(organisationLanguages(config([]))).toBeNull();
    expect(organisationLanguages(config(['NL', 'en']))).toBeNull();
    expect(organisationLanguages(config([1]))).toBeNull();
    expect(organisationLanguages({ organisation: null })).toBeNull();
    expect(organisationLanguages(null)).toBeNull();
  });
});
