import { useTranslation } from 'react-i18next';
import { registerResources, useNamespaceTexts, type NamespaceResources } from '@nsa/web-kit';
import { NAMESPACE } from './namespace';

/**
 * The texts of a part that is loaded only when opened (the parent's own page, the draw's rules,
 * the sign-up dialog) or shown only on a page of its own (the landing page) travel with that
 * part, not with the school page's first load. Each part's
 * texts are a namespace of their own (`mfe_public-lottery`); its `t` looks there first and then
 * in the app's namespace, so a key keeps its name ('lottery.rulesTitle') wherever it lives.
 */
export type Part = 'landing' | 'my-signup' | 'lottery' | 'registration';

/** The part's i18n namespace, e.g. `mfe_public-lottery`. */
export const partNamespace = (part: Part) => `${NAMESPACE}-${part}`;

/** Called once by the part's module: Dutch at once, another language when it is needed. */
export function registerPartTexts(part: Part, resources: NamespaceResources): void {
  registerResources(partNamespace(part), resources);
}

/**
 * For the part's root component: suspends while its texts in the current language load (the
 * part's own loading state shows meanwhile).
 */
export function usePartTexts(part: Part): void {
  useNamespaceTexts(partNamespace(part));
}

/** useTranslation for a part: its own texts, then the app's. */
export function usePartTranslation(part: Part) {
  return useTranslation([partNamespace(part), NAMESPACE], { nsMode: 'fallback' });
}
