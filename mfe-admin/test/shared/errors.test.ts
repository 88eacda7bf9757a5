import { describe, expect, it } from 'vitest';
import { ApiError, serverMessage } from '@nsa/web-kit';
import { serverFieldErrors } from '../../src/shared/lib/errors';

describe('serverMessage (R-ADMIN-ERRORS)', () => {
  it("shows the server's message", () => {
    const error = new ApiError('Onjuist email adres of wachtwoord', 401, {
      message: 'Onjuist email adres of wachtwoord',
      code: 'UNAUTHENTICATED',
    });
    expect(serverMessage(error, 'Login mislukt')).toBe('Onjuist email adres of wachtwoord');
  });

  it('falls back when there is no server message', () => {
    expect(serverMessage(new TypeError('Failed to fetch'), 'Login mislukt')).toBe('Login mislukt');
    expect(serverMessage(new ApiError('502: <html>', 502, null), 'Login mislukt')).toBe(
      'Login mislukt',
    );
    expect(serverMessage(new ApiError('Not Found', 404, { code: 'NOT_FOUND' }), 'x')).toBe('x');
    expect(serverMessage(new ApiError('', 400, { message: '  ' }), 'x')).toBe('x');
  });

  it('does not depend on which copy of web-kit made the error', () => {
    const foreign = { name: 'ApiError', status: 409, body: { message: 'Laatste beheerder' } };
    expect(serverMessage(foreign, 'x')).toBe('Laatste beheerder');
  });
});

describe('serverFieldErrors', () => {
  it('reads fields of a validation error', () => {
    const error = new ApiError('De invoer is ongeldig.', 400, {
      message: 'De invoer is ongeldig.',
      code: 'VALIDATION_FAILED',
      fields: { name: 'Naam moet minimaal 2 karakters bevatten', email: 42 },
    });
    expect(serverFieldErrors(error)).toEqual({ name: 'Naam moet minimaal 2 karakters bevatten' });
  });

  it('is empty for anything else', () => {
    expect(serverFieldErrors(new Error('x'))).toEqual({});
    expect(serverFieldErrors(new ApiError('x', 409, { message: 'x', code: 'CONFLICT' }))).toEqual(
      {},
    );
  });
});
