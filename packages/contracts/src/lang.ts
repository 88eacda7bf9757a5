export const LANGS = ['nl', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'nl';

/** A text in every language the product speaks. */
export type Localized = Record<Lang, string>;

/**
 * Picks the answer language from an Accept-Language header. Dutch unless the
 * caller's first supported preference is English.
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
    if (pref.base === 'nl' || pref.base === 'en') return pref.base;
  }
  return DEFAULT_LANG;
}
