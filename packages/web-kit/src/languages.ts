// The languages of the screens, without i18next: the shell's first script (route table,
// preload) needs them before anything else is loaded.

/**
 * R-LANG-PUBLIC: every language of the public side (and the shell's own pages), Dutch first
 * (the default). Admin and provider screens offer only STAFF_LANGUAGES.
 */
export const LANGUAGES = ['nl', 'en', 'tr', 'ar', 'pl', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'nl';

/** The languages of the admin and provider screens. */
export const STAFF_LANGUAGES: readonly Language[] = ['nl', 'en'];

/** Each language in its own name, as the switcher reads it out (the same on every page). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  nl: 'Nederlands',
  en: 'English',
  tr: 'Türkçe',
  ar: 'العربية',
  pl: 'Polski',
  uk: 'Українська',
};

export function asLanguage(value: string | null | undefined): Language | undefined {
  const lower = value?.toLowerCase();
  return LANGUAGES.find((language) => language === lower);
}

/** `rtl` for a language written from right to left (Arabic), else `ltr`: `<html dir>`. */
export function languageDirection(language: string): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}
