import { randomUUID } from 'node:crypto';
import {
  AUDIT_EVENT_TYPES,
  auditEntrySchema,
  type AuditEntry,
  type AuditService,
  type EventEnvelope,
} from '@nsa/contracts';
import type { Transaction } from './db.js';
import type { NewEvent, Outbox } from './outbox.js';
import type { SessionUser } from './session.js';

/** An entry as a caller gives it: id and time are filled in; changes and reason may be left out. */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'at' | 'changes' | 'reason'> &
  Partial<Pick<AuditEntry, 'changes' | 'reason'>>;

/**
 * Records one audit entry through the outbox in the change's own transaction, so the entry
 * exists exactly when the change does (R-AUDIT). Identity keeps the searchable store.
 */
export async function recordAudit(
  tx: Transaction,
  outbox: Outbox,
  service: AuditService,
  entry: NewAuditEntry,
): Promise<EventEnvelope<AuditEntry>> {
  return (await recordAudits(tx, outbox, service, [entry]))[0]!;
}

/**
 * Records several audit entries as `recordAudit` does, in their order, with one statement: a
 * change of many rows (a batch of approvals, a retention pass) writes its entries in one round
 * trip. Every entry is checked before any is written.
 */
export async function recordAudits(
  tx: Transaction,
  outbox: Outbox,
  service: AuditService,
  entries: readonly NewAuditEntry[],
): Promise<Array<EventEnvelope<AuditEntry>>> {
  return outbox.addMany(tx, auditEvents(service, entries));
}

/**
 * The outbox events of audit entries, checked and completed, for a caller that writes them
 * together with its change's own events in one `outbox.addMany` (same transaction, same rule).
 */
export function auditEvents(
  service: AuditService,
  entries: readonly NewAuditEntry[],
): Array<NewEvent<AuditEntry>> {
  const at = new Date().toISOString();
  return entries.map((entry) => ({
    type: AUDIT_EVENT_TYPES[service],
    data: auditEntrySchema.parse({ id: randomUUID(), at, changes: null, reason: null, ...entry }),
  }));
}

/**
 * `changes` of an update: before/after of the named non-personal fields that differ, and only the
 * name of each personal field that differs.
 */
export function auditChanges(
  beforeRow: object,
  afterRow: object,
  fields: readonly string[],
  personal: readonly string[] = [],
): AuditEntry['changes'] {
  const before = beforeRow as Record<string, unknown>;
  const after = afterRow as Record<string, unknown>;
  const out: NonNullable<AuditEntry['changes']> = {};
  for (const f of fields) {
    // A field left out and a field that is null are the same: no value.
    if (JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null))
      out[f] = { before: before[f] ?? null, after: after[f] ?? null };
  }
  for (const f of personal) {
    if (JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null))
      out[f] = { personal: true };
  }
  return out;
}

/** The actor of a logged-in user's change: id and display name, never the email (R-AUDIT). */
export function sessionActor(user: SessionUser): AuditEntry['actor'] {
  return {
    type: user.role === 'admin' ? 'admin' : 'provider',
    id: String(user.uid),
    name: user.name,
  };
}

/** The actor of work nobody asked for by name: jobs, start-up, the command line. */
export const SYSTEM_ACTOR: AuditEntry['actor'] = { type: 'system', id: null, name: null };
