import { describe, expect, it } from 'vitest';
import type { RegistrationEvent } from '@nsa/contracts';
import { countDelta } from '../src/domain/counts.js';

const e = (
  status: RegistrationEvent['status'],
  previousStatus: RegistrationEvent['previousStatus'],
): RegistrationEvent => ({
  registrationId: 1,
  activityId: 1,
  status,
  previousStatus,
  sendEmail: false,
  language: 'nl',
});

const none = { approved: 0, offered: 0, waitlisted: 0, registrations: 0 };

describe('count deltas of registration events', () => {
  it('counts a new sign-up once', () =>
    expect(countDelta(e('new', null))).toEqual({ ...none, registrations: 1 }));
  it('adds an approval', () =>
    expect(countDelta(e('approved', 'new'))).toEqual({ ...none, approved: 1 }));
  it('removes an approval on revert', () =>
    expect(countDelta(e('new', 'approved'))).toEqual({ ...none, approved: -1 }));
  it('leaves counts alone for reject and its revert', () => {
    expect(countDelta(e('rejected', 'new'))).toEqual(none);
    expect(countDelta(e('new', 'rejected'))).toEqual(none);
  });
});

describe('count deltas of the waiting list (R-WAITLIST-CAPACITY)', () => {
  it('counts a sign-up that joins the waiting list once, and as waiting (R-WAITLIST-JOIN)', () =>
    expect(countDelta(e('waitlisted', null))).toEqual({
      ...none,
      waitlisted: 1,
      registrations: 1,
    }));
  it('moves an offer from waiting to offered (R-WAITLIST-OFFER)', () =>
    expect(countDelta(e('offered', 'waitlisted'))).toEqual({
      ...none,
      waitlisted: -1,
      offered: 1,
    }));
  it('moves an accepted offer from offered to approved', () =>
    expect(countDelta(e('approved', 'offered'))).toEqual({ ...none, offered: -1, approved: 1 }));
  it('moves an approved waiting sign-up from waiting to approved', () =>
    expect(countDelta(e('approved', 'waitlisted'))).toEqual({
      ...none,
      waitlisted: -1,
      approved: 1,
    }));
  it('frees the place of a declined or expired offer (R-WAITLIST-WITHDRAW)', () =>
    expect(countDelta(e('withdrawn', 'offered'))).toEqual({ ...none, offered: -1 }));
  it('frees the place of a withdrawn approval (R-WAITLIST-WITHDRAW)', () =>
    expect(countDelta(e('withdrawn', 'approved'))).toEqual({ ...none, approved: -1 }));
  it('takes a withdrawn waiting sign-up out of the line (R-WAITLIST-WITHDRAW)', () =>
    expect(countDelta(e('withdrawn', 'waitlisted'))).toEqual({ ...none, waitlisted: -1 }));
  it('leaves counts alone for a withdrawn new sign-up', () =>
    expect(countDelta(e('withdrawn', 'new'))).toEqual(none));
  it('takes a rejected waiting sign-up or offer out of its count', () => {
    expect(countDelta(e('rejected', 'waitlisted'))).toEqual({ ...none, waitlisted: -1 });
    expect(countDelta(e('rejected', 'offered'))).toEqual({ ...none, offered: -1 });
  });
  it('removes an approval on revert to new', () =>
    expect(countDelta(e('new', 'approved'))).toEqual({ ...none, approved: -1 }));
  it('never counts a sign-up twice after its first event', () => {
    for (const [status, previous] of [
      ['offered', 'waitlisted'],
      ['approved', 'offered'],
      ['withdrawn', 'approved'],
    ] as const)
      expect(countDelta(e(status, previous)).registrations).toBe(0);
  });
});
