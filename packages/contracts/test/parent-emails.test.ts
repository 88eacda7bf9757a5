import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, parentEmailKind } from '../src/index.js';

const on = { sendEmail: true, hasNotification: true };

describe('parentEmailKind (R-EMAIL-KINDS, R-EMAIL-WAITLIST)', () => {
  it('names the email of each registration event that sends one', () => {
    const kind = (type: string, status: string, withdrawReason?: string) =>
      parentEmailKind(type, { ...on, status, withdrawReason });
    expect(kind(EVENT_TYPES.registrationCreated, 'new')).toBe('signup-received');
    expect(kind(EVENT_TYPES.registrationCreated, 'waitlisted')).toBe('waitlist-joined');
    expect(kind(EVENT_TYPES.registrationWaitlisted, 'waitlisted')).toBe('waitlist-joined');
    expect(kind(EVENT_TYPES.registrationApproved, 'approved')).toBe('registration-approved');
    expect(kind(EVENT_TYPES.registrationRejected, 'rejected')).toBe('registration-rejected');
    expect(kind(EVENT_TYPES.registrationOffered, 'offered')).toBe('offer-made');
    expect(kind(EVENT_TYPES.registrationWithdrawn, 'withdrawn', 'expired')).toBe('offer-expired');
    expect(kind(EVENT_TYPES.registrationWithdrawn, 'withdrawn', 'parent')).toBe('signup-withdrawn');
    expect(kind(EVENT_TYPES.registrationWithdrawn, 'withdrawn', 'declined')).toBe(
      'signup-withdrawn',
    );
  });

  it('sends nothing for a revert, an erasure, or an event without email or content', () => {
    expect(parentEmailKind(EVENT_TYPES.registrationReverted, { ...on, status: 'new' })).toBe(
      undefined,
    );
    expect(
      parentEmailKind(EVENT_TYPES.registrationWithdrawn, {
        ...on,
        status: 'withdrawn',
        withdrawReason: 'erased',
      }),
    ).toBe(undefined);
    expect(
      parentEmailKind(EVENT_TYPES.registrationApproved, {
        ...on,
        sendEmail: false,
        status: 'approved',
      }),
    ).toBe(undefined);
    expect(
      parentEmailKind(EVENT_TYPES.registrationApproved, {
        ...on,
        hasNotification: false,
        status: 'approved',
      }),
    ).toBe(undefined);
  });
});
