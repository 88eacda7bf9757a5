import type { Lang, Localized } from './lang.js';
import { API_TEXTS, localizedTexts, textGroup } from './texts/index.js';

/**
 * The reason stored when an approval finds the activity full. The API keeps
 * the value of R-REVIEW-CAPACITY ('activity full'); screens and emails show it translated.
 */
export const ACTIVITY_FULL_REASON = 'activity full';

const reasons = localizedTexts(textGroup(API_TEXTS, 'rejectionReasons'));

/**
 * Rejection reasons the system stores itself, and how they read in each
 * language (R-REVIEW-CLIENT-FULL: approving over capacity is refused as 'Activiteit vol').
 */
export const KNOWN_REJECTION_REASONS: Readonly<Record<string, Localized>> = {
  [ACTIVITY_FULL_REASON]: reasons.activityFull,
};

/**
 * A stored rejection reason as shown to a reader of `lang`: a known reason
 * in that language, anything an admin typed as it was typed.
 */
export function rejectionReasonText(reason: string, lang: Lang): string {
  const key = reason.trim().toLowerCase();
  const known = Object.hasOwn(KNOWN_REJECTION_REASONS, key)
    ? KNOWN_REJECTION_REASONS[key]
    : undefined;
  return known ? known[lang] : reason;
}
