import type { ProviderLinkUsedEvent, RegistrationEvent } from '@nsa/contracts';
import type { Transaction } from '@nsa/service-kit';
import type { ActivityRepository, CountChange } from '../data-access/activities.js';
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

const COUNTS = ['approved', 'offered', 'waitlisted', 'registrations'] as const;

/**
 * The count changes of registration events, one per activity whose counts they change, in
 * the order of each activity's first event; events that change no count are left out.
 */
export function countChanges(events: RegistrationEvent[]): CountChange[] {
  const byActivity = new Map<number, CountChange>();
  for (const e of events) {
    const d = countDelta(e);
    if (!COUNTS.some((k) => d[k] !== 0)) continue;
    let change = byActivity.get(e.activityId);
    if (!change) {
      const none = () => ({ sum: 0, fromZero: 0 });
      change = {
        activityId: e.activityId,
        approved: none(),
        offered: none(),
        waitlisted: none(),
        registrations: none(),
      };
      byActivity.set(e.activityId, change);
    }
    for (const k of COUNTS) {
      change[k].sum += d[k];
      change[k].fromZero = Math.max(0, change[k].fromZero + d[k]);
    }
  }
  return [...byActivity.values()];
}

export interface CountsDeps {
  activities: ActivityRepository;
  tokens: TokenRepository;
}

/**
 * The sign-up counts per activity and the provider links' last use, kept from
 * svc-registrations' events (lists only: no decision rests on them).
 */
export class Counts {
  constructor(private readonly deps: CountsDeps) {}

  async applyRegistration(tx: Transaction, e: RegistrationEvent): Promise<void> {
    await this.applyRegistrations(tx, [e]);
  }

  /** Several events in their order, as `applyRegistration` one after the other: one write. */
  async applyRegistrations(tx: Transaction, events: RegistrationEvent[]): Promise<void> {
    const changes = countChanges(events);
    if (changes.length > 0) await this.deps.activities.adjustCounts(tx, changes);
  }

  /** Whether the event changes a count at all: one that does not needs no transaction. */
  changesCounts(e: RegistrationEvent): boolean {
    const d = countDelta(e);
    return COUNTS.some((k) => d[k] !== 0);
  }

  /** Only the link that was used: a replaced link's late report changes nothing. */
  async linkUsed(tx: Transaction, e: ProviderLinkUsedEvent): Promise<void> {
    await this.deps.tokens.markUsed(tx, e.activityId, e.tokenHash, e.at);
  }
}
