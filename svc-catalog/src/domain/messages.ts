import { SHARED_MESSAGES, localizedTexts } from '@nsa/contracts';
import { en } from './texts/en.js';
import { nl } from './texts/nl.js';

/** The API messages of svc-catalog, each in every language (texts in `texts/`, R-LANG-API). */
export const MSG = {
  ...localizedTexts({ nl, en }),
  activityNotFound: SHARED_MESSAGES.activityNotFound,
};
