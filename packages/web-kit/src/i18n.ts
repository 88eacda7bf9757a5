import i18next, { type i18n } from 'i18next';
import { getI18n, initReactI18next } from 'react-i18next';

export const LANGUAGES = ['nl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

function asLanguage(value: string | null | undefined): Language | undefined {
  const lower = value?.toLowerCase();
  return LANGUAGES.find((language) => language === lower);
}

/**
 * CONTRACT §3: Dutch whatever the browser prefers; `?lng=` or an earlier
 * choice (remembered in localStorage) selects another language.
 */
export function pickLanguage(search: string, stored: string | null | undefined): Language {
  const fromQuery = asLanguage(new URLSearchParams(search).get('lng'));
  return fromQuery ?? asLanguage(stored) ?? DEFAULT_LANGUAGE;
}

// localStorage throws in some privacy modes; the language then simply is not remembered.
function readStored(): string | null {
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
}

/** One namespace's texts (nested JSON) in every language. */
export type NamespaceResources = Record<Language, { readonly [key: string]: unknown }>;

// Resources registered before any instance exists (a remote's module runs
// before its standalone bootstrap calls initI18n).
const pending = new Map<string, NamespaceResources>();

function addNamespace(instance: i18n, namespace: string, resources: NamespaceResources): void {
  for (const language of LANGUAGES) {
    if (!instance.hasResourceBundle(language, namespace)) {
      instance.addResourceBundle(language, namespace, resources[language], true, true);
    }
  }
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
  search?: string;
}

export function initI18n({ namespace, resources, search }: InitI18nOptions): i18n {
  const instance = i18next.createInstance();
  const query = search ?? globalThis.location?.search ?? '';
  const language = pickLanguage(query, readStored());
  if (asLanguage(new URLSearchParams(query).get('lng'))) store(language);

  void instance.use(initReactI18next).init({
    lng: language,
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

  const applyLanguage = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  applyLanguage(instance.language);
  instance.on('languageChanged', (lng) => {
    applyLanguage(lng);
    store(lng);
  });
  return instance;
}
