import { localizedTexts } from '@nsa/contracts';
import { ar } from './texts/ar.js';
import { en } from './texts/en.js';
import { nl } from './texts/nl.js';
import { pl } from './texts/pl.js';
import { tr } from './texts/tr.js';
import { uk } from './texts/uk.js';

/** The texts of the messages, one file per language (R-LANG-KEYS: test/texts.test.ts). */
export const TEXTS = { nl, en, tr, ar, pl, uk };

/** The API messages of svc-identity, each in every language (texts in `texts/`, R-LANG-API). */
export const MSG = localizedTexts(TEXTS);
