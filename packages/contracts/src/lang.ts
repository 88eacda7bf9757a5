/**
 * Every language the product speaks, Dutch first (the default): the public side, the emails to
 * parents and the API's messages (R-LANG-PUBLIC, R-LANG-EMAIL, R-LANG-API).
 */
export const LANGS = ['nl', 'en', 'tr', 'ar', 'pl', 'uk'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'nl';

/**
 * The languages of the admin and provider side: their screens, and the emails to administrators
 * (welcome, password reset), which are in the language of the screen the account was made from.
 */
export const STAFF_LANGS = ['nl', 'en'] as const;
export type StaffLang = (typeof STAFF_LANGS)[number];

/** A text in every language the product speaks. */
export type Localized = Record<Lang, string>;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** A staff side's language for `lang`: English stays English, anything else is Dutch. */
export function staffLang(lang: Lang): StaffLang {
  return lang === 'en' ? 'en' : 'nl';
}

/** `rtl` for a language written from right to left (Arabic), else `ltr`: HTML's `dir`. */
export function langDirection(lang: Lang): 'ltr' | 'rtl' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The Intl locale of each language's dates (R-LANG-DATES). Arabic writes Western digits
 * (`-u-nu-latn`, as `ar-MA` does): the Arabic-speaking parents here mostly read Moroccan Arabic
 * and Dutch, where times, dates and phone numbers are written with Western digits; without it
 * some ICU versions write Arabic-Indic digits.
 */
export const LANG_LOCALES: Readonly<Record<Lang, string>> = {
  nl: 'nl-NL',
  en: 'en-GB',
  tr: 'tr-TR',
  ar: 'ar-u-nu-latn',
  pl: 'pl-PL',
  uk: 'uk-UA',
};

/**
 * Picks the answer language from an Accept-Language header (R-LANG-API): the supported language
 * of the caller's highest-weighted preference (`tr-TR` is Turkish, `ar-MA` Arabic), Dutch when
 * none is supported.
 */
export function langFromAcceptLanguage(header: string | undefined | null): Lang {
  if (!header) return DEFAULT_LANG;
  const prefs = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0 };
    })
    .filter((p) => p.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  for (const pref of prefs) {
    if (isLang(pref.base)) return pref.base;
  }
  return DEFAULT_LANG;
}
