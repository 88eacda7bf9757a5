// The labels of the sign-up form's fields, in every language, said once (R-SIGNUP-FORM-FIELDS,
// R-LANG-PUBLIC): the public form labels its fields with them, the admin's list and its export
// head a field's column with them. Imported by its own path (`@nsa/contracts/sign-up-fields`),
// so that only the parts that show the form or the list load it: it imports nothing but types.
import type { Lang, Localized } from '../lang.js';
import type { RegistrationInput } from '../registration.js';

/** The schema's keys that the parent does not type: the activity, and the waiting list's flag. */
export const UNLABELLED_SIGN_UP_KEYS = ['activityId', 'waitlist'] as const;

/** A field of the sign-up form (a key of `registrationSchema` that the parent fills in). */
export type SignUpField = Exclude<
  keyof RegistrationInput,
  (typeof UNLABELLED_SIGN_UP_KEYS)[number]
>;

/**
 * Each field's label in the six languages, in the form's order: the child's fields, then the
 * parent's. A field of the schema without a label here, or a label without a language, fails
 * the typecheck (and contracts' test of the labels).
 */
export const SIGN_UP_FIELD_LABELS = {
  childFirstName: {
    nl: 'Voornaam kind',
    en: "Child's first name",
    tr: 'Çocuğun adı',
    ar: 'الاسم الأول للطفل',
    pl: 'Imię dziecka',
    uk: "Ім'я дитини",
  },
  childLastName: {
    nl: 'Achternaam kind',
    en: "Child's last name",
    tr: 'Çocuğun soyadı',
    ar: 'اسم عائلة الطفل',
    pl: 'Nazwisko dziecka',
    uk: 'Прізвище дитини',
  },
  childDateOfBirth: {
    nl: 'Geboortedatum kind',
    en: "Child's date of birth",
    tr: 'Çocuğun doğum tarihi',
    ar: 'تاريخ ميلاد الطفل',
    pl: 'Data urodzenia dziecka',
    uk: 'Дата народження дитини',
  },
  childGroup: {
    nl: 'Groep',
    en: 'Group',
    tr: 'Sınıf (groep)',
    ar: 'الصف (groep)',
    pl: 'Klasa (groep)',
    uk: 'Клас (groep)',
  },
  parentName: {
    nl: 'Naam ouder of verzorger',
    en: "Parent or guardian's name",
    tr: 'Anne, baba veya velinin adı',
    ar: 'اسم الوالد أو وليّ الأمر',
    pl: 'Imię i nazwisko rodzica lub opiekuna',
    uk: "Ім'я одного з батьків або опікуна",
  },
  email: {
    nl: 'E-mailadres',
    en: 'Email address',
    tr: 'E-posta adresi',
    ar: 'البريد الإلكتروني',
    pl: 'Adres e-mail',
    uk: 'Електронна пошта',
  },
  phone: {
    nl: 'Telefoonnummer',
    en: 'Phone number',
    tr: 'Telefon numarası',
    ar: 'رقم الهاتف',
    pl: 'Numer telefonu',
    uk: 'Номер телефону',
  },
} as const satisfies Readonly<Record<SignUpField, Localized>>;

/** The form's fields, in the form's order. */
export const SIGN_UP_FIELDS = Object.keys(SIGN_UP_FIELD_LABELS) as SignUpField[];

/** A field's label in `language` (a page's i18next language), Dutch for any other language. */
export function signUpFieldLabel(field: SignUpField, language: string): string {
  const label: Localized = SIGN_UP_FIELD_LABELS[field];
  return Object.hasOwn(label, language) ? label[language as Lang] : label.nl;
}
