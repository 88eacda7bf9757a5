import { LANGS, type Lang, type Localized } from '../lang.js';
import { ar } from './ar.js';
import { en } from './en.js';
import { nl, type ApiTexts } from './nl.js';
import { pl } from './pl.js';
import { tr } from './tr.js';
import { uk } from './uk.js';

/** The API's shared texts, one file per language (R-LANG-API). */
export const API_TEXTS: Readonly<Record<Lang, ApiTexts>> = { nl, en, tr, ar, pl, uk };

/**
 * Joins the resources of one set of texts, a record of plain strings per language (the form of
 * i18next resources), into a `Localized` per key: the form `AppError` takes, of which the error
 * handler picks the request's language (R-LANG-API). Each language's texts stay in one file.
 */
export function localizedTexts<K extends string>(
  resources: Readonly<Record<Lang, Readonly<Record<K, string>>>>,
): Record<K, Localized> {
  const texts = {} as Record<K, Localized>;
  for (const key of Object.keys(resources.nl) as K[]) {
    texts[key] = Object.fromEntries(LANGS.map((lang) => [lang, resources[lang][key]])) as Localized;
  }
  return texts;
}

/** One group of every language's texts: `textGroup(API_TEXTS, 'errors')`. */
export function textGroup<T, G extends keyof T>(
  resources: Readonly<Record<Lang, T>>,
  group: G,
): Record<Lang, T[G]> {
  return Object.fromEntries(LANGS.map((lang) => [lang, resources[lang][group]])) as Record<
    Lang,
    T[G]
  >;
}
