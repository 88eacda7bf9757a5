import type { Localized } from './lang.js';

/**
 * Messages of the shared zod schemas, by key. Schemas use the key as their
 * message; the server and the forms translate it with this table.
 */
export const VALIDATION_MESSAGES: Record<string, Localized> = {
  required: { nl: 'Dit veld is verplicht', en: 'This field is required' },
  invalidType: { nl: 'Ongeldige waarde', en: 'Invalid value' },
  pattern: {
    nl: 'De tekst komt niet overeen met het verwachte patroon',
    en: 'Text does not match the expected pattern',
  },
};
