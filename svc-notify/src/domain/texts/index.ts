import i18next, { type TFunction } from 'i18next';
import type { Lang } from '@nsa/contracts';
import { en } from './en.js';
import { nl } from './nl.js';

/**
 * The email texts as i18next resources, one file per language (R-LANG-EMAIL), in an instance of
 * their own. Values are plain text: HTML escaping is the template's (`escapeHtml`), and a value
 * is never read as a key or a `{{placeholder}}` itself (`skipOnVariables`).
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: { nl: { translation: nl }, en: { translation: en } },
  lng: 'nl',
  fallbackLng: 'nl',
  supportedLngs: ['nl', 'en'],
  // The resources are here already: init finishes before it returns.
  initAsync: false,
  interpolation: { escapeValue: false, skipOnVariables: true },
});

/** The texts of one language. */
export function textsIn(lang: Lang): TFunction {
  return i18n.getFixedT(lang);
}
