import { AUDIT_EVENT_TYPES, auditEntrySchema, type AuditService } from '@nsa/contracts';
import type { ConsumerSpec, EventHandler } from '@nsa/service-kit';
import type { AuditLog } from '../../domain/audit-log.js';

const STREAM_OF: Record<AuditService, ConsumerSpec['stream']> = {
  catalog: 'CATALOG',
  registrations: 'REGISTRATIONS',
  identity: 'IDENTITY',
  notify: 'NOTIFY',
};

/**
 * R-AUDIT-STORE: svc-identity keeps every service's audit entries. One durable consumer per
 * stream, each on that service's audit event alone; an entry is stored once by its id
 * (the consumer's processed-events record and the table's key both see to it).
 */
export function auditConsumers(deps: { audit: AuditLog }): ConsumerSpec[] {
  return (Object.keys(AUDIT_EVENT_TYPES) as AuditService[]).map((service) => {
    const handler: EventHandler = {
      versions: [1],
      handle: async (event, { tx }) => {
        const entry = auditEntrySchema.parse(event.data);
        await deps.audit.store(tx, service, entry);
      },
    };
    return {
      stream: STREAM_OF[service],
      durable: 'identity-audit',
      handlers: { [AUDIT_EVENT_TYPES[service]]: handler },
    };
  });
}
