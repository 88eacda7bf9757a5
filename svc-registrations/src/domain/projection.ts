import type { ActivityEvent, ProviderTokenEvent, SchoolEvent } from '@nsa/contracts';
import type { Sequelize, Transaction } from '@nsa/service-kit';
import {
  markActivityDeleted,
  upsertActivity,
  upsertProviderToken,
} from '../data-access/activity-projection.js';
import { upsertSchool } from '../data-access/school-projection.js';
import type { Waitlist } from './waitlist.js';

/**
 * This service's copy of the catalog data it lists (activity titles, schools, blocks), kept
 * from svc-catalog's events; each event is applied once and a replay leaves the same rows.
 * Lists and the overlap check read it; decisions that accept a sign-up or grant access ask
 * svc-catalog instead (R-FRESH-SIGNUP, R-FRESH-PROVIDER-LINK).
 */
export class Projection {
  constructor(
    private readonly db: Sequelize,
    private readonly waitlist: Pick<Waitlist, 'lock' | 'fill'>,
  ) {}

  school(tx: Transaction, e: SchoolEvent): Promise<void> {
    return upsertSchool(this.db, tx, e);
  }

  /** A capacity raised offers the new places to the waiting list at once (R-WAITLIST-OFFER). */
  async activity(tx: Transaction, e: ActivityEvent): Promise<void> {
    await upsertActivity(this.db, tx, e);
    await this.waitlist.fill(tx, await this.waitlist.lock(tx, [e.id]));
  }

  /** A deleted activity stays as a tombstone: sign-ups may still refer to it. */
  activityDeleted(tx: Transaction, id: number): Promise<void> {
    return markActivityDeleted(this.db, tx, id);
  }

  providerToken(tx: Transaction, e: ProviderTokenEvent): Promise<void> {
    return upsertProviderToken(this.db, tx, e);
  }
}
