import type { Localized } from './lang.js';
import { API_TEXTS, localizedTexts, textGroup } from './texts/index.js';

const messages = localizedTexts(textGroup(API_TEXTS, 'validation'));

/**
 * Messages of the shared zod schemas, by key. Schemas use the key as their
 * message; the server and the forms translate it with this table (texts/).
 */
export const VALIDATION_MESSAGES: Record<string, Localized> = messages;

/** The message of a value that is not valid, whatever the field. */
export const INVALID_VALUE: Localized = messages.invalidType;
