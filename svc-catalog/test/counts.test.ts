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

describe('count deltas of registration events', () => {
  it('counts a new sign-up once', () =>
    expect(countDelta(e('new', null))).toEqual({ approved: 0, registrations: 1 }));
  it('adds an approval', () =>
    expect(countDelta(e('approved', 'new'))).toEqual({ approved: 1, registrations: 0 }));
  it('removes an approval on revert', () =>
    expect(countDelta(e('new', 'approved'))).toEqual({ approved: -1, registrations: 0 }));
  it('leaves counts alone for reject and its revert', () => {
    expect(countDelta(e('rejected', 'new'))).toEqual({ approved: 0, registrations: 0 });
    expect(countDelta(e('new', 'rejected'))).toEqual({ approved: 0, registrations: 0 });
  });
});
