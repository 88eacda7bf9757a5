import i18next, { type i18n } from 'i18next';
import { getI18n, initReactI18next, useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  asLanguage,
  languageDirection,
  type Language,
} from './languages';

export { LANGUAGES, type Language };
const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/**
 * R-LANG-DEFAULT: Dutch whatever the browser prefers; `?lng=` or an earlier
 * choice (remembered in localStorage) selects another language.
 */
export function pickLanguage(search: string, stored: string | null | undefined): Language {
  const fromQuery = asLanguage(new URLSearchParams(search).get('lng'));
  return fromQuery ?? asLanguage(stored) ?? DEFAULT_LANGUAGE;
}

/**
 * The choice is also kept in a cookie, because the gateway cannot read localStorage: it
 * serves a page's first view (server-side composition, docs/architecture.md) in the language
 * this cookie names, so the page does not change language when the scripts take over. Only
 * the language: no personal data. Read before localStorage, so the gateway and the page
 * always decide alike when it is there.
 */
export const LANGUAGE_COOKIE = 'nsa_lang';

/** The language in a Cookie header / document.cookie string, as stored (not validated). */
export function cookieLanguage(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === LANGUAGE_COOKIE && value) return value;
  }
  return null;
}

/** The Set-Cookie value (document.cookie assignment) that remembers a language for a year. */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

// localStorage throws in some privacy modes, and cookies may be off; the language then
// simply is not remembered.
function readStored(): string | null {
  try {
    const fromCookie = cookieLanguage(globalThis.document?.cookie ?? '');
    if (asLanguage(fromCookie)) return fromCookie;
  } catch {
    // no cookies here; localStorage may still know
  }
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function store(language: string): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not remembered; nothing else to do
  }
  const supported = asLanguage(language);
  if (!supported || typeof document === 'undefined') return;
  try {
    document.cookie = languageCookie(supported, globalThis.location?.protocol === 'https:');
  } catch {
    // not remembered for the gateway; the page still switches after loading
  }
}

/** One language's texts of a namespace (nested JSON). */
export type Table = { readonly [key: string]: unknown };
/** A table, or a function that loads it, e.g. `() => import('./i18n/en.json')`. */
export type TableSource = Table | (() => Promise<Table | { default: Table }>);
/**
 * One namespace's texts in the languages it has (Dutch always, the fallback of the others). A
 * table may be loaded when it is first needed, so that a page in Dutch does not download the
 * English texts; the public remote loads even its Dutch ones so, and a page in Arabic then
 * downloads no Dutch.
 */
export type NamespaceResources = Partial<Record<Language, TableSource>> & { nl: TableSource };

// Resources registered before any instance exists (a remote's module runs
// before its standalone bootstrap calls initI18n).
const pending = new Map<string, NamespaceResources>();

// Tables still to load, kept on the shared instance itself: the shell and
// each remote bundle their own copy of this module.
interface LazyTable {
  load: () => Promise<Table | { default: Table }>;
  loading?: Promise<void>;
  failed?: boolean;
}
const LAZY = Symbol.for('@nsa/web-kit/i18n-lazy-tables@1');

function lazyTables(instance: i18n): Map<string, LazyTable> {
  const holder = instance as unknown as { [LAZY]?: Map<string, LazyTable> };
  return (holder[LAZY] ??= new Map());
}

const tableKey = (language: string, namespace: string) => `${language}/${namespace}`;

function loadTable(instance: i18n, language: string, namespace: string): Promise<void> {
  const lazy = lazyTables(instance).get(tableKey(language, namespace));
  if (!lazy || instance.hasResourceBundle(language, namespace)) return Promise.resolve();
  lazy.loading ??= lazy.load().then(
    (loaded) => {
      const table = 'default' in loaded ? (loaded.default as Table) : loaded;
      instance.addResourceBundle(language, namespace, table, true, true);
      lazy.failed = false;
    },
    (error: unknown) => {
      // Tried again by the next language switch; meanwhile the default
      // language's texts stand in.
      lazy.loading = undefined;
      lazy.failed = true;
      throw error;
    },
  );
  return lazy.loading;
}

/** Loads every table of `language` not loaded yet (call before changeLanguage). */
export function loadLanguage(instance: i18n, language: string): Promise<void> {
  const prefix = `${language}/`;
  const namespaces = [...lazyTables(instance).keys()]
    .filter((key) => key.startsWith(prefix))
    .map((key) => key.slice(prefix.length));
  return Promise.all(namespaces.map((ns) => loadTable(instance, language, ns))).then(() => {});
}

/**
 * For a remote's root component: suspends (the shell shows its loading
 * state) while the namespace's table of the current language is loading.
 */
export function useNamespaceTexts(namespace: string): void {
  const { i18n: instance } = useTranslation(namespace);
  const language = instance.language;
  const lazy = lazyTables(instance).get(tableKey(language, namespace));
  if (!lazy || instance.hasResourceBundle(language, namespace)) return;
  if (!lazy.failed) throw loadTable(instance, language, namespace).catch(() => undefined);
  // Failed, and no Dutch texts to stand in: the shell's error and retry; the retry loads anew.
  if (!instance.hasResourceBundle(DEFAULT_LANGUAGE, namespace)) {
    lazy.failed = false;
    throw new Error(`The texts of ${namespace} (${language}) could not be loaded`);
  }
}

function addNamespace(instance: i18n, namespace: string, resources: NamespaceResources): void {
  for (const language of LANGUAGES) {
    if (instance.hasResourceBundle(language, namespace)) continue;
    const source = resources[language];
    if (source === undefined) continue;
    if (typeof source === 'function') {
      lazyTables(instance).set(tableKey(language, namespace), { load: source });
    } else {
      instance.addResourceBundle(language, namespace, source, true, true);
    }
  }
  // Needed right away: start loading now.
  loadTable(instance, instance.language, namespace).catch(() => undefined);
}

/**
 * Adds a remote's namespace to the shared instance. In the shell the instance
 * already exists: react-i18next is a shared singleton, so getI18n() returns
 * the shell's instance even from a remote's own copy of this module.
 */
export function registerResources(namespace: string, resources: NamespaceResources): void {
  const instance = getI18n() as i18n | undefined;
  if (instance?.isInitialized) {
    addNamespace(instance, namespace, resources);
  } else {
    pending.set(namespace, resources);
  }
}

export interface InitI18nOptions {
  /** The caller's own namespace, used when a component names none. */
  namespace: string;
  resources: NamespaceResources;
  /** The languages the page offers at first; by default those `resources` has. */
  languages?: readonly Language[];
  search?: string;
}

// The visitor's choice and the languages the page offers now, kept on the shared instance (as
// the lazy tables are). The choice is what is remembered; the page shows it where it is offered
// and Dutch elsewhere (admin and provider screens offer only Dutch and English).
interface LanguageState {
  chosen: Language;
  offered: readonly Language[];
  /** Counts the switches, so that only the last one asked for is made. */
  switches: number;
}
const STATE = Symbol.for('@nsa/web-kit/i18n-language@1');

function languageState(instance: i18n): LanguageState {
  const holder = instance as unknown as { [STATE]?: LanguageState };
  return (holder[STATE] ??= { chosen: DEFAULT_LANGUAGE, offered: LANGUAGES, switches: 0 });
}

/** The language a page that offers `offered` shows for a choice: the choice, else Dutch. */
export function shownLanguage(chosen: Language, offered: readonly Language[]): Language {
  return offered.includes(chosen) ? chosen : DEFAULT_LANGUAGE;
}

/** The visitor's choice, which the page may not offer (then it shows Dutch). */
export function chosenLanguage(instance: i18n): Language {
  return languageState(instance).chosen;
}

// Switches once the language's texts are there, so the page changes language at once (if
// loading fails, the Dutch texts stand in for the missing ones).
async function show(instance: i18n, language: Language): Promise<void> {
  const state = languageState(instance);
  const switchNumber = ++state.switches;
  if (instance.language === language) return;
  await loadLanguage(instance, language).catch(() => undefined);
  if (switchNumber === state.switches) await instance.changeLanguage(language);
}

/** The switcher's choice: remembered (localStorage and the cookie) and shown. */
export function chooseLanguage(instance: i18n, language: Language): Promise<void> {
  const state = languageState(instance);
  state.chosen = language;
  store(language);
  return show(instance, shownLanguage(language, state.offered));
}

/**
 * The page now offers these languages (the shell calls it for each route, with the languages
 * of the route's remote): it shows the visitor's choice if it is one of them, else Dutch,
 * without forgetting the choice.
 */
export function offerLanguages(instance: i18n, offered: readonly Language[]): Promise<void> {
  const state = languageState(instance);
  state.offered = offered;
  return show(instance, shownLanguage(state.chosen, offered));
}

export function initI18n({ namespace, resources, languages, search }: InitI18nOptions): i18n {
  const instance = i18next.createInstance();
  const query = search ?? globalThis.location?.search ?? '';
  const stored = readStored();
  const chosen = pickLanguage(query, stored);
  // A choice remembered only in localStorage (from before the cookie) gets its cookie too.
  if (asLanguage(new URLSearchParams(query).get('lng')) || asLanguage(stored)) store(chosen);
  const offered = languages ?? LANGUAGES.filter((language) => resources[language] !== undefined);
  Object.assign(languageState(instance), { chosen, offered });

  void instance.use(initReactI18next).init({
    lng: shownLanguage(chosen, offered),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [namespace],
    defaultNS: namespace,
    resources: {},
    // Resources are bundled, so initialisation can finish before the first render.
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  addNamespace(instance, namespace, resources);
  for (const [ns, res] of pending) addNamespace(instance, ns, res);
  pending.clear();

  // <html lang> and dir follow the language shown (R-LANG-PUBLIC): Arabic is right to left.
  const applyLanguage = (lng: string) => {
    if (typeof document === 'undefined') return;
    document.documentElement.lang = lng;
    document.documentElement.dir = languageDirection(lng);
  };
  applyLanguage(instance.language);
  instance.on('languageChanged', applyLanguage);
  return instance;
}
