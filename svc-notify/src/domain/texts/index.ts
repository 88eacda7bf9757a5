import i18next, { type TFunction } from 'i18next';
import { LANGS, type Lang } from '@nsa/contracts';
import { ar } from './ar.js';
import { en } from './en.js';
import { nl } from './nl.js';
import { pl } from './pl.js';
import { tr } from './tr.js';
import { uk } from './uk.js';

/** Every language's texts, one file per language (R-LANG-KEYS: test/texts.test.ts). */
export const EMAIL_TEXTS = { nl, en, tr, ar, pl, uk };

/**
 * The email texts as i18next resources, one file per language (R-LANG-EMAIL), in an instance of
 * their own. Values are plain text: HTML escaping is the template's (`escapeHtml`), and a value
 * is never read as a key or a `{{placeholder}}` itself (`skipOnVariables`).
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(LANGS.map((lang) => [lang, { translation: EMAIL_TEXTS[lang] }])),
  lng: 'nl',
  fallbackLng: 'nl',
  supportedLngs: [...LANGS],
  // The resources are here already: init finishes before it returns.
  initAsync: false,
  interpolation: { escapeValue: false, skipOnVariables: true },
});

/** The texts of one language. */
export function textsIn(lang: Lang): TFunction {
  return i18n.getFixedT(lang);
}
