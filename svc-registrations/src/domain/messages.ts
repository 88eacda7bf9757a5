import { ERROR_MESSAGES, SHARED_MESSAGES, localizedTexts } from '@nsa/contracts';
import { ar } from './texts/ar.js';
import { en } from './texts/en.js';
import { nl } from './texts/nl.js';
import { pl } from './texts/pl.js';
import { tr } from './texts/tr.js';
import { uk } from './texts/uk.js';

/** The texts of the messages, one file per language (R-LANG-KEYS: test/texts.test.ts). */
export const TEXTS = { nl, en, tr, ar, pl, uk };

/** The API messages of svc-registrations, each in every language (texts in `texts/`, R-LANG-API). */
export const MSG = {
  ...localizedTexts(TEXTS),
  activityNotFound: SHARED_MESSAGES.activityNotFound,
  // The default message of the code each is answered with.
  locked: ERROR_MESSAGES.ACTIVITY_LOCKED,
  full: ERROR_MESSAGES.ACTIVITY_FULL,
  overlap: ERROR_MESSAGES.CHILD_OVERLAP,
};

/** The reason stored when an approval finds the activity full (R-REVIEW-CAPACITY). */
export { ACTIVITY_FULL_REASON } from '@nsa/contracts';
