import type { Localized } from './lang.js';

/**
 * Messages of the shared zod schemas, by key. Schemas use the key as their
 * message; the server and the forms translate it with this table.
 */
export const VALIDATION_MESSAGES: Record<string, Localized> = {
  required: { nl: 'Dit veld is verplicht', en: 'This field is required' },
  invalidType: { nl: 'Ongeldige waarde', en: 'Invalid value' },
  emailInvalid: { nl: 'Ongeldig email adres', en: 'Invalid email address' },
  passwordRequired: { nl: 'Wachtwoord is verplicht', en: 'Password is required' },
  passwordTooLong: { nl: 'Wachtwoord is te lang', en: 'Password is too long' },
  passwordMin8: {
    nl: 'Wachtwoord moet minimaal 8 karakters bevatten',
    en: 'Password must be at least 8 characters',
  },
  passwordsDiffer: { nl: 'Wachtwoorden komen niet overeen', en: 'Passwords do not match' },
  tokenRequired: { nl: 'Token is verplicht', en: 'Token is required' },
  tokenInvalid: { nl: 'Ongeldige token', en: 'Invalid token' },
  nameMin2: {
    nl: 'Naam moet minimaal 2 karakters bevatten',
    en: 'Name must be at least 2 characters',
  },
  nameTooLong: { nl: 'Naam is te lang', en: 'Name is too long' },
  roleInvalid: { nl: 'Ongeldige rol', en: 'Invalid role' },
  pattern: {
    nl: 'De tekst komt niet overeen met het verwachte patroon',
    en: 'Text does not match the expected pattern',
  },
};
