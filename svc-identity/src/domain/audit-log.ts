import type { AuditEntry, AuditListQuery, AuditListResponse } from '@nsa/contracts';
import type { ServiceContext, Transaction } from '@nsa/service-kit';
import { AuditEntryRepository } from '../data-access/audit-entries.js';

/**
 * The audit log every service writes to (R-AUDIT-STORE): entries are stored once each and
 * read; there is no use case that changes or removes one (R-AUDIT-APPEND-ONLY), only the
 * anonymising of actors past the retention period (R-AUDIT-RETENTION).
 */
export class AuditLog {
  private readonly entries: AuditEntryRepository;

  constructor(ctx: Pick<ServiceContext, 'sequelize'>) {
    this.entries = new AuditEntryRepository(ctx.sequelize);
  }

  /** An entry some service recorded; the same entry delivered again changes nothing. */
  store(tx: Transaction, service: string, entry: AuditEntry): Promise<void> {
    return this.entries.insert(tx, service, entry);
  }

  list(query: AuditListQuery): Promise<AuditListResponse> {
    return this.entries.list(query);
  }

  /** Actors of entries older than `cutoff` lose id and name; the rest of each entry stays. */
  anonymiseActorsBefore(cutoff: Date): Promise<number> {
    return this.entries.anonymiseActorsBefore(cutoff);
  }
}
