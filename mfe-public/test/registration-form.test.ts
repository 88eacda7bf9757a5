import { describe, expect, it } from 'vitest';
import { registrationSchema } from '@nsa/contracts';
import {
  EMPTY_REGISTRATION,
  fieldErrorsFromIssues,
  fieldErrorsFromServer,
  firstInvalidField,
  isOptionalField,
  validationText,
} from '../src/lib/registration-form';

const today = () => new Date(2026, 5, 1);
const valid = {
  activityId: 7,
  childFirstName: 'Emma',
  childLastName: 'de Vries',
  childDateOfBirth: '2017-04-12',
  childGroup: 'groep4',
  parentName: 'Sanne de Vries',
  email: 'sanne@example.nl',
  phone: '0612345678',
};

function errorsFor(values: Record<string, unknown>, language = 'nl') {
  const result = registrationSchema(today).safeParse(values);
  return result.success ? {} : fieldErrorsFromIssues(result.error.issues, language);
}

describe('registration form messages (R-SIGNUP-FORM-VALIDATION)', () => {
  it('has no errors for a valid sign-up', () => {
    expect(errorsFor(valid)).toEqual({});
  });

  it('gives every field its message for an empty form, in Dutch', () => {
    expect(errorsFor({ activityId: 7, ...EMPTY_REGISTRATION })).toEqual({
      childFirstName: 'Voornaam van het kind is verplicht',
      childLastName: 'Achternaam van het kind is verplicht',
      childDateOfBirth: 'Geboortedatum is verplicht',
      childGroup: 'Selecteer de groep van uw kind',
      parentName: 'Naam van de ouder is verplicht',
      email: 'Een geldig e-mailadres is verplicht',
      phone: 'Telefoonnummer is verplicht',
    });
  });

  it('speaks English when asked', () => {
    expect(errorsFor({ activityId: 7, ...EMPTY_REGISTRATION }, 'en')).toMatchObject({
      childFirstName: 'Child first name is required',
      email: 'Valid email is required',
      phone: 'Phone number is required',
    });
  });

  it('checks the age range 3-18', () => {
    expect(errorsFor({ ...valid, childDateOfBirth: '2024-01-01' })).toEqual({
      childDateOfBirth: 'Kind moet tussen 3 en 18 jaar oud zijn',
    });
    expect(errorsFor({ ...valid, childDateOfBirth: '2000-01-01' }, 'en')).toEqual({
      childDateOfBirth: 'Child must be between 3 and 18 years old',
    });
  });

  it('rejects an invalid email and group', () => {
    expect(errorsFor({ ...valid, email: 'sanne@', childGroup: 'groep9' })).toEqual({
      email: 'Een geldig e-mailadres is verplicht',
      childGroup: 'Selecteer de groep van uw kind',
    });
  });

  it('reads unknown keys as invalid value', () => {
    expect(validationText('nope', 'en')).toBe('Invalid value');
  });

  it('takes server field errors only for fields of the form', () => {
    expect(fieldErrorsFromServer({ email: 'Bad', activityId: 'x' })).toEqual({ email: 'Bad' });
  });

  it('finds the first invalid field in screen order', () => {
    expect(firstInvalidField({ phone: 'x', childGroup: 'y' })).toBe('childGroup');
    expect(firstInvalidField({})).toBeUndefined();
  });
});

describe('the form’s fields (R-SIGNUP-FORM-FIELDS)', () => {
  it('are the schema’s, each required where the schema requires it', () => {
    expect(Object.keys(EMPTY_REGISTRATION)).toEqual([
      'childFirstName',
      'childLastName',
      'childDateOfBirth',
      'childGroup',
      'parentName',
      'email',
      'phone',
    ]);
    for (const field of Object.keys(EMPTY_REGISTRATION) as (keyof typeof EMPTY_REGISTRATION)[]) {
      expect(isOptionalField(field), field).toBe(false);
    }
  });
});
