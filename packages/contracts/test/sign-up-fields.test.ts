import { describe, expect, it } from 'vitest';
import { LANGS } from '../src/lang.js';
import { registrationSchema } from '../src/registration.js';
import {
  SIGN_UP_FIELDS,
  SIGN_UP_FIELD_LABELS,
  UNLABELLED_SIGN_UP_KEYS,
  signUpFieldLabel,
} from '../src/texts/sign-up-fields.js';

// R-SIGNUP-FORM-FIELDS, R-LANG-PUBLIC: a field of the sign-up form is labelled once, in every
// language, for the public form and the admin's list alike.
describe('the sign-up form’s field labels', () => {
  it('label every field of the schema that the parent fills in, and nothing else', () => {
    const schemaFields = Object.keys(registrationSchema().shape).filter(
      (key) => !(UNLABELLED_SIGN_UP_KEYS as readonly string[]).includes(key),
    );
    expect([...SIGN_UP_FIELDS].sort()).toEqual(schemaFields.sort());
    expect(Object.keys(SIGN_UP_FIELD_LABELS)).toEqual(SIGN_UP_FIELDS);
  });

  it('leave out only keys the schema has', () => {
    const keys = Object.keys(registrationSchema().shape);
    expect(UNLABELLED_SIGN_UP_KEYS.filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('give each field a text in each of the six languages and no other', () => {
    for (const field of SIGN_UP_FIELDS) {
      const label: Record<string, unknown> = SIGN_UP_FIELD_LABELS[field];
      expect(Object.keys(label).sort(), field).toEqual([...LANGS].sort());
      for (const lang of LANGS) {
        const text = label[lang];
        expect(typeof text === 'string' && text.trim() !== '', `${field} ${lang}`).toBe(true);
        expect(text, `${field} ${lang}: plain text`).not.toMatch(/\{\{|\$t\(/);
      }
    }
  });

  it('answer in the page’s language, and in Dutch for a language the product does not speak', () => {
    expect(signUpFieldLabel('childFirstName', 'uk')).toBe("Ім'я дитини");
    expect(signUpFieldLabel('phone', 'ar')).toBe('رقم الهاتف');
    expect(signUpFieldLabel('childGroup', 'de')).toBe('Groep');
    expect(signUpFieldLabel('email', 'toString')).toBe('E-mailadres');
  });
});
