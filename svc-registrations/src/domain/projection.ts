import type { ActivityEvent, ProviderTokenEvent, SchoolEvent } from '@nsa/contracts';
import type { Transaction } from '@nsa/service-kit';
import type { ProjectionRepository } from '../data-access/projection.js';
import type { Waitlist } from './waitlist.js';

export interface ProjectionDeps {
  /** The projection's rows. */
  projection: ProjectionRepository;
  waitlist: Pick<Waitlist, 'lock' | 'fill'>;
}

/**
 * This service's copy of the catalog data it lists (activity titles, schools, blocks), kept
 * from svc-catalog's events; each event is applied once and a replay leaves the same rows.
 * Lists and the overlap check read it; decisions that accept a sign-up or grant access ask
 * svc-catalog instead (R-FRESH-SIGNUP, R-FRESH-PROVIDER-LINK).
 */
export class Projection {
  constructor(private readonly deps: ProjectionDeps) {}

  school(tx: Transaction, e: SchoolEvent): Promise<void> {
    return this.deps.projection.upsertSchool(tx, e);
  }

  /** A capacity raised offers the new places to the waiting list at once (R-WAITLIST-OFFER). */
  async activity(tx: Transaction, e: ActivityEvent): Promise<void> {
    const { projection, waitlist } = this.deps;
    await projection.upsertActivity(tx, e);
    await waitlist.fill(tx, await waitlist.lock(tx, [e.id]));
  }

  /** A deleted activity stays as a tombstone: sign-ups may still refer to it. */
  activityDeleted(tx: Transaction, id: number): Promise<void> {
    return this.deps.projection.markActivityDeleted(tx, id);
  }

  providerToken(tx: Transaction, e: ProviderTokenEvent): Promise<void> {
    return this.deps.projection.upsertProviderToken(tx, e);
  }
}
