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
  tooLong: { nl: 'De tekst is te lang', en: 'The text is too long' },
  schoolNameRequired: { nl: 'Schoolnaam is verplicht', en: 'School name is required' },
  providerNameRequired: {
    nl: 'Naam van de aanbieder is verplicht',
    en: 'Provider name is required',
  },
  blockNameRequired: { nl: 'Bloknaam is verplicht', en: 'Block name is required' },
  weekRange: { nl: 'Week moet tussen 1 en 53 liggen', en: 'Week must be between 1 and 53' },
  weekEndBeforeStart: {
    nl: 'Eindweek moet gelijk aan of na de startweek liggen (een blok over de jaarwisseling wordt twee blokken)',
    en: 'End week must not be before the start week (a block over the new year is two blocks)',
  },
  activityTitleRequired: {
    nl: 'Titel van de activiteit is verplicht',
    en: 'Activity title is required',
  },
  capacityMin1: { nl: 'Capaciteit moet minimaal 1 zijn', en: 'Capacity must be at least 1' },
  capacityMax: { nl: 'Capaciteit is te groot', en: 'Capacity is too large' },
  weekdayRange: { nl: 'Weekdag moet tussen 0 en 6 liggen', en: 'Weekday must be between 0-6' },
  startTimeFormat: {
    nl: 'Starttijd moet het formaat UU:MM hebben',
    en: 'Start time must be in HH:MM format',
  },
  childFirstNameRequired: {
    nl: 'Voornaam van het kind is verplicht',
    en: 'Child first name is required',
  },
  childLastNameRequired: {
    nl: 'Achternaam van het kind is verplicht',
    en: 'Child last name is required',
  },
  parentNameRequired: { nl: 'Naam van de ouder is verplicht', en: 'Parent name is required' },
  emailRequired: { nl: 'Een geldig e-mailadres is verplicht', en: 'Valid email is required' },
  phoneRequired: { nl: 'Telefoonnummer is verplicht', en: 'Phone number is required' },
  dateOfBirthRequired: { nl: 'Geboortedatum is verplicht', en: 'Date of birth is required' },
  dateInvalid: { nl: 'Ongeldige datum', en: 'Invalid date' },
  childAgeRange: {
    nl: 'Kind moet tussen 3 en 18 jaar oud zijn',
    en: 'Child must be between 3 and 18 years old',
  },
  childGroupRequired: { nl: 'Selecteer de groep van uw kind', en: "Select your child's group" },
  pattern: {
    nl: 'De tekst komt niet overeen met het verwachte patroon',
    en: 'Text does not match the expected pattern',
  },
};
