import type { ProviderLinkUsedEvent, RegistrationEvent } from '@nsa/contracts';
import type { Transaction } from '@nsa/service-kit';
import type { ActivityRepository } from '../data-access/activities.js';
import type { TokenRepository } from '../data-access/tokens.js';

/**
 * What a registration event changes in the counts: every sign-up counts once
 * in registrationsCount; approvedCount follows moves into and out of approved.
 */
export function countDelta(e: RegistrationEvent): { approved: number; registrations: number } {
  const registrations = e.previousStatus === null ? 1 : 0;
  const approved = (e.status === 'approved' ? 1 : 0) - (e.previousStatus === 'approved' ? 1 : 0);
  return { approved, registrations };
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
    if (d.approved || d.registrations)
      await this.activities.adjustCounts(tx, e.activityId, d.approved, d.registrations);
  }

  /** Only the link that was used: a replaced link's late report changes nothing. */
  async linkUsed(tx: Transaction, e: ProviderLinkUsedEvent): Promise<void> {
    await this.tokens.markUsed(tx, e.activityId, e.tokenHash, e.at);
  }
}
