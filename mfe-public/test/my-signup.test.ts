import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse } from '@nsa/web-kit';
import {
  MANAGE_TOKEN_HEADER as CONTRACT_HEADER,
  REGISTRATION_STATUSES,
  type MySignup,
} from '@nsa/contracts';
import en from '../src/i18n/my-signup.en.json';
import nl from '../src/i18n/my-signup.nl.json';
import {
  actionsFor,
  calendarFileName,
  childName,
  classifyMySignupError,
  dayAndTime,
  isActive,
  MANAGE_TOKEN_HEADER,
  tokenFromHash,
} from '../src/lib/my-signup';

describe('the token of the parent’s link (R-MY-SIGNUP-LINK)', () => {
  it('is the fragment without its #', () => {
    expect(tokenFromHash('#Abc_123-xyz.~0987')).toBe('Abc_123-xyz.~0987');
    expect(tokenFromHash('Abc_123-xyz.~0987')).toBe('Abc_123-xyz.~0987');
  });

  it('is missing when there is no fragment, or one that cannot be a token', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#')).toBeNull();
    expect(tokenFromHash('#short')).toBeNull();
    expect(tokenFromHash('#has space in it')).toBeNull();
    expect(tokenFromHash('#%3Cscript%3E12345')).toBeNull();
    expect(tokenFromHash('#ééééééééé')).toBeNull();
    expect(tokenFromHash(`#${'a'.repeat(513)}`)).toBeNull();
  });

  it('travels in the header the contracts name', () => {
    expect(MANAGE_TOKEN_HEADER).toBe(CONTRACT_HEADER);
  });
});

describe('what each status offers (R-MY-SIGNUP-VIEW)', () => {
  it('accept and decline only for an offered place', () => {
    expect(REGISTRATION_STATUSES.filter((s) => actionsFor(s).respondToOffer)).toEqual(['offered']);
  });

  it('cancelling for new, waitlisted and approved sign-ups (an offer is declined instead)', () => {
    expect(REGISTRATION_STATUSES.filter((s) => actionsFor(s).withdraw)).toEqual([
      'new',
      'approved',
      'waitlisted',
    ]);
  });

  it('the calendar for a confirmed place only', () => {
    expect(REGISTRATION_STATUSES.filter((s) => actionsFor(s).calendar)).toEqual(['approved']);
  });

  it('removing the data always (R-ERASE)', () => {
    expect(REGISTRATION_STATUSES.every((s) => actionsFor(s).erase)).toBe(true);
  });

  it('counts the statuses that hold or wait for a place as active', () => {
    expect(REGISTRATION_STATUSES.filter(isActive)).toEqual([
      'new',
      'approved',
      'waitlisted',
      'offered',
    ]);
  });

  it('has a title and a text for every status, in both languages', () => {
    for (const texts of [nl, en]) {
      for (const status of REGISTRATION_STATUSES) {
        const entry = (texts.mySignup.status as Record<string, { title?: string; text?: string }>)[
          status
        ];
        expect(entry?.title, `${status} title`).toBeTruthy();
        expect(entry?.text, `${status} text`).toBeTruthy();
      }
    }
  });
});

describe('the offer deadline (R-WAITLIST-OFFER)', () => {
  it("is a day and a time on the browser's clock (Amsterdam in these tests), in Dutch", () => {
    // 14:30 UTC is 16:30 in Amsterdam in summer.
    expect(dayAndTime('nl', '2026-06-11T14:30:00.000Z')).toEqual({
      day: 'donderdag 11 juni',
      time: '16:30',
    });
  });

  it('has an English equivalent with a 24-hour clock', () => {
    expect(dayAndTime('en', '2026-01-05T17:05:00.000Z')).toEqual({
      day: 'Monday 5 January',
      time: '18:05',
    });
  });

  it('moves to the next day when the time zone says so', () => {
    expect(dayAndTime('nl', '2026-03-01T23:30:00.000Z')?.day).toBe('maandag 2 maart');
  });

  it('is null for a value that is no date', () => {
    expect(dayAndTime('nl', 'nope')).toBeNull();
  });
});

describe('classifyMySignupError', () => {
  it('reads a 403 as a link that does not work (anymore)', () => {
    const error = errorFromResponse(
      403,
      'Forbidden',
      JSON.stringify({ code: 'FORBIDDEN', message: 'Geen toegang.' }),
    );
    expect(classifyMySignupError(error)).toEqual({ kind: 'invalid-link' });
  });

  it('reads a 409 as an out-of-date view, with the server’s message', () => {
    const expired = errorFromResponse(
      409,
      'Conflict',
      JSON.stringify({ code: 'OFFER_EXPIRED', message: 'Het aanbod is verlopen.' }),
    );
    expect(classifyMySignupError(expired)).toEqual({
      kind: 'stale',
      message: 'Het aanbod is verlopen.',
    });
    expect(classifyMySignupError(new ApiError('409: x', 409, null))).toEqual({
      kind: 'stale',
      message: null,
    });
  });

  it('keeps the server’s message for anything else, and none for a network failure', () => {
    expect(
      classifyMySignupError(new ApiError('x', 503, { message: 'Even niet beschikbaar.' })),
    ).toEqual({ kind: 'other', message: 'Even niet beschikbaar.' });
    expect(classifyMySignupError(new TypeError('Failed to fetch'))).toEqual({
      kind: 'other',
      message: null,
    });
  });
});

describe('names', () => {
  it('gives the calendar file a safe name (R-FILE-NAMES)', () => {
    expect(calendarFileName('Judo & Zelfverdediging (groep 5–8)')).toBe(
      'judo-zelfverdediging-groep-5-8.ics',
    );
    expect(calendarFileName('***')).toBe('activiteit.ics');
  });

  it('writes the child’s full name', () => {
    const signup = {
      registration: { childFirstName: 'Noor', childLastName: 'de Vries' },
    } as MySignup;
    expect(childName(signup)).toBe('Noor de Vries');
  });
});
