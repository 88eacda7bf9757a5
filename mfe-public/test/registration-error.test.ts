import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse } from '@nsa/web-kit';
import {
  classifyRegistrationError,
  offersWaitlist,
  registrationErrorToast,
  windowRefusal,
} from '../src/lib/registration-error';

// Keys stand in for texts, so the test shows which text was picked.
const t = (key: string) => `<${key}>`;

describe('classifyRegistrationError (R-SIGNUP-FORM-ERRORS)', () => {
  it('uses the error text of a success:false response', () => {
    const error = errorFromResponse(
      409,
      'Conflict',
      JSON.stringify({
        success: false,
        error: 'Deze activiteit is vol',
        message: 'Deze activiteit is vol',
        code: 'ACTIVITY_FULL',
      }),
    );
    expect(classifyRegistrationError(error)).toEqual({
      kind: 'rejected',
      message: 'Deze activiteit is vol',
      fields: {},
    });
  });

  it("falls back to 'Registration failed' when success:false has no error text", () => {
    const error = new ApiError('Bad Request', 400, { success: false });
    const failure = classifyRegistrationError(error);
    expect(failure).toEqual({ kind: 'rejected', message: null, fields: {} });
    expect(registrationErrorToast(failure, t)).toEqual({
      title: '<registration.failedTitle>',
      description: '<registration.failedFallback>. <registration.failedHint>',
    });
  });

  it('keeps the field messages of a validation failure', () => {
    const error = new ApiError('Ongeldige invoer', 400, {
      success: false,
      error: 'Ongeldige invoer',
      code: 'VALIDATION_FAILED',
      fields: { email: 'Een geldig e-mailadres is verplicht', bogus: 3 },
    });
    expect(classifyRegistrationError(error)).toEqual({
      kind: 'rejected',
      message: 'Ongeldige invoer',
      fields: { email: 'Een geldig e-mailadres is verplicht' },
    });
  });

  it('shows the destructive toast text with the check-and-retry hint', () => {
    const failure = classifyRegistrationError(
      new ApiError('x', 409, { success: false, error: 'Dit kind is al aangemeld' }),
    );
    expect(registrationErrorToast(failure, t)).toEqual({
      title: '<registration.failedTitle>',
      description: 'Dit kind is al aangemeld. <registration.failedHint>',
    });
  });

  it('uses a response error field even without success:false', () => {
    expect(
      classifyRegistrationError(
        new ApiError('Too Many Requests', 429, { error: 'Te veel verzoeken' }),
      ),
    ).toEqual({
      kind: 'other',
      message: 'Te veel verzoeken',
    });
  });

  it.each([
    ['Failed to fetch'],
    ['NetworkError when attempting to fetch resource.'],
    ['Response body object should not be disturbed or locked'],
    ['ReadableStream is locked'],
  ])('maps %j to the network text', (message) => {
    const failure = classifyRegistrationError(new TypeError(message));
    expect(failure).toEqual({ kind: 'network' });
    expect(registrationErrorToast(failure, t).description).toBe('<registration.networkError>');
  });

  it('uses the message of any other error', () => {
    const failure = classifyRegistrationError(new Error('Something odd'));
    expect(failure).toEqual({ kind: 'other', message: 'Something odd' });
    expect(registrationErrorToast(failure, t).description).toBe('Something odd');
  });

  it('uses the generic text when the message is empty', () => {
    for (const error of [new Error(''), undefined, null, 42]) {
      const failure = classifyRegistrationError(error);
      expect(failure).toEqual({ kind: 'other', message: null });
      expect(registrationErrorToast(failure, t).description).toBe('<registration.genericError>');
    }
  });

  it('never treats a server message containing "locked" as a network failure', () => {
    expect(
      classifyRegistrationError(
        new ApiError('Activity is locked', 409, { message: 'Activity is locked' }),
      ),
    ).toEqual({
      kind: 'other',
      message: 'Activity is locked',
    });
  });

  it('treats a plain success:false object (a 2xx answer) like a failed response', () => {
    expect(
      classifyRegistrationError({ success: false, error: 'Registration not possible' }),
    ).toMatchObject({
      kind: 'rejected',
      message: 'Registration not possible',
    });
  });
});

describe('errors from the shell’s copy of web-kit', () => {
  // The shared QueryClient's default queryFn throws the shell's ApiError class.
  const foreign = (status: number, body: unknown) =>
    Object.assign(new Error('x'), { name: 'ApiError', status, body });

  it('are recognised by name and status', () => {
    expect(classifyRegistrationError(foreign(409, { success: false, error: 'Vol' }))).toMatchObject(
      {
        kind: 'rejected',
        message: 'Vol',
      },
    );
  });
});

describe('offersWaitlist (R-WAITLIST-JOIN)', () => {
  const full = (body: unknown) => errorFromResponse(409, 'Conflict', JSON.stringify(body));

  it('is true for a 409 ACTIVITY_FULL that offers the waiting list', () => {
    expect(offersWaitlist(full({ code: 'ACTIVITY_FULL', waitlist: true, message: 'Vol' }))).toBe(
      true,
    );
  });

  it('is false for a full activity without a waiting list, and for other answers', () => {
    expect(offersWaitlist(full({ code: 'ACTIVITY_FULL', message: 'Vol' }))).toBe(false);
    expect(offersWaitlist(full({ code: 'ACTIVITY_LOCKED', waitlist: true }))).toBe(false);
    expect(offersWaitlist(new ApiError('x', 400, { code: 'ACTIVITY_FULL', waitlist: true }))).toBe(
      false,
    );
    expect(offersWaitlist(new Error('ACTIVITY_FULL'))).toBe(false);
  });
});

describe('windowRefusal (R-DRAW-WINDOW)', () => {
  const conflict = (body: unknown) => errorFromResponse(409, 'Conflict', JSON.stringify(body));

  it("gives the server's message of a sign-up before the window opens or after it closed", () => {
    expect(
      windowRefusal(
        conflict({
          success: false,
          error: 'Aanmelden voor deze activiteit is nog niet geopend.',
          message: 'Aanmelden voor deze activiteit is nog niet geopend.',
          code: 'SIGNUP_NOT_OPEN',
        }),
      ),
    ).toEqual({
      code: 'SIGNUP_NOT_OPEN',
      message: 'Aanmelden voor deze activiteit is nog niet geopend.',
    });
    expect(windowRefusal(conflict({ code: 'SIGNUP_CLOSED', error: 'Gesloten' }))).toEqual({
      code: 'SIGNUP_CLOSED',
      message: 'Gesloten',
    });
    expect(windowRefusal(conflict({ code: 'SIGNUP_CLOSED', message: ' ' }))).toEqual({
      code: 'SIGNUP_CLOSED',
      message: null,
    });
  });

  it('is null for other answers', () => {
    expect(windowRefusal(conflict({ code: 'ACTIVITY_FULL', waitlist: true }))).toBeNull();
    expect(windowRefusal(new ApiError('x', 400, { code: 'SIGNUP_CLOSED' }))).toBeNull();
    expect(windowRefusal(new Error('SIGNUP_CLOSED'))).toBeNull();
  });
});
