import { localizedTexts } from '@nsa/contracts';
import { en } from './texts/en.js';
import { nl } from './texts/nl.js';

/** The API messages of svc-identity, each in every language (texts in `texts/`, R-LANG-API). */
export const MSG = localizedTexts({ nl, en });
