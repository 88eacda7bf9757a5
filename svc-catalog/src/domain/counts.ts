import type { ProviderLinkUsedEvent, RegistrationEvent } from '@nsa/contracts';
import type { Transaction } from '@nsa/service-kit';
import type { ActivityRepository } from '../data-access/activities.js';
import type { TokenRepository } from '../data-access/tokens.js';

/** How a registration event changes the counts of one activity. */
export interface CountDelta {
  approved: number;
  offered: number;
  waitlisted: number;
  registrations: number;
}

/**
 * What a registration event changes in the counts: every sign-up counts once in
 * registrationsCount (its first event has no previous status); approvedCount, offeredCount
 * and waitlistCount each follow moves into and out of their status (R-WAITLIST-CAPACITY:
 * approved and offered places together are the taken ones).
 */
export function countDelta(e: RegistrationEvent): CountDelta {
  const move = (status: RegistrationEvent['status']) =>
    (e.status === status ? 1 : 0) - (e.previousStatus === status ? 1 : 0);
  return {
    approved: move('approved'),
    offered: move('offered'),
    waitlisted: move('waitlisted'),
    registrations: e.previousStatus === null ? 1 : 0,
  };
}

/**
 * The sign-up counts per activity and the provider links' last use, kept from
 * svc-registrations' events (lists only: no decision rests on them).
 */
export class Counts {
  constructor(
    private readonly activities: ActivityRepository,
    private readonly tokens: TokenRepository,
  ) {}

  async applyRegistration(tx: Transaction, e: RegistrationEvent): Promise<void> {
    const d = countDelta(e);
    if (d.approved || d.offered || d.waitlisted || d.registrations)
      await this.activities.adjustCounts(tx, e.activityId, d);
  }

  /** Only the link that was used: a replaced link's late report changes nothing. */
  async linkUsed(tx: Transaction, e: ProviderLinkUsedEvent): Promise<void> {
    await this.tokens.markUsed(tx, e.activityId, e.tokenHash, e.at);
  }
}
