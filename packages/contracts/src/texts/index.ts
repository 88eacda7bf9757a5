import type { Lang, Localized } from '../lang.js';

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
    texts[key] = { nl: resources.nl[key], en: resources.en[key] };
  }
  return texts;
}
