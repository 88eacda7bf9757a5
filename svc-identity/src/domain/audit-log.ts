import type { AuditEntry, AuditListQuery, AuditListResponse } from '@nsa/contracts';
import type { Transaction } from '@nsa/service-kit';
import type { AuditEntryRepository } from '../data-access/audit-entries.js';

export interface AuditLogDeps {
  entries: AuditEntryRepository;
}

/**
 * The audit log every service writes to (R-AUDIT-STORE): entries are stored once each and
 * read; there is no use case that changes or removes one (R-AUDIT-APPEND-ONLY), only the
 * anonymising of actors past the retention period (R-AUDIT-RETENTION).
 */
export class AuditLog {
  constructor(private readonly deps: AuditLogDeps) {}

  /** An entry some service recorded; the same entry delivered again changes nothing. */
  store(tx: Transaction, service: string, entry: AuditEntry): Promise<void> {
    return this.deps.entries.insert(tx, service, entry);
  }

  list(query: AuditListQuery): Promise<AuditListResponse> {
    return this.deps.entries.list(query);
  }

  /** Actors of entries older than `cutoff` lose id and name; the rest of each entry stays. */
  anonymiseActorsBefore(cutoff: Date): Promise<number> {
    return this.deps.entries.anonymiseActorsBefore(cutoff);
  }
}
