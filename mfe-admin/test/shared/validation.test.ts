import { describe, expect, it } from 'vitest';
import { adminUserSchema, loginSchema, requestResetSchema, resetFormSchema } from '@nsa/contracts';
import { validate } from '../../src/shared/lib/validation';

describe('form validation with the shared schemas (R-ACCOUNT-LOGIN, R-ACCOUNT-USERS)', () => {
  it('gives login messages in the UI language', () => {
    expect(validate(loginSchema, { email: 'nope', password: '' }, 'nl')).toEqual({
      ok: false,
      errors: { email: 'Ongeldig email adres', password: 'Wachtwoord is verplicht' },
    });
    expect(validate(loginSchema, { email: '', password: '' }, 'en')).toEqual({
      ok: false,
      errors: { email: 'Invalid email address', password: 'Password is required' },
    });
  });

  it('returns the parsed data when valid', () => {
    expect(validate(loginSchema, { email: ' a@b.nl ', password: 'x' }, 'nl')).toEqual({
      ok: true,
      data: { email: 'a@b.nl', password: 'x' },
    });
    expect(validate(requestResetSchema, { email: 'a@b.nl' }, 'nl').ok).toBe(true);
  });

  it('checks the reset confirmation and the 8 character minimum', () => {
    expect(
      validate(
        resetFormSchema,
        { token: 't', newPassword: 'lang-genoeg', confirmPassword: 'anders' },
        'nl',
      ),
    ).toEqual({ ok: false, errors: { confirmPassword: 'Wachtwoorden komen niet overeen' } });
    const short = validate(
      resetFormSchema,
      { token: 't', newPassword: 'kort', confirmPassword: 'kort' },
      'en',
    );
    expect(short).toEqual({
      ok: false,
      errors: { newPassword: 'Password must be at least 8 characters' },
    });
  });

  it('checks admin users: name of 2+, valid email, role defaults to admin', () => {
    expect(validate(adminUserSchema, { name: 'A', email: 'x', role: 'admin' }, 'nl')).toEqual({
      ok: false,
      errors: { name: 'Naam moet minimaal 2 karakters bevatten', email: 'Ongeldig email adres' },
    });
    expect(validate(adminUserSchema, { name: 'Anna', email: 'anna@school.nl' }, 'nl')).toEqual({
      ok: true,
      data: { name: 'Anna', email: 'anna@school.nl', role: 'admin' },
    });
  });
});
