import {
  ACCESS_LOG_RETENTION_DAYS,
  AUDIT_ACTIONS,
  type PrivacyCounts,
  type PrivacyRecord,
} from '@nsa/contracts';
import {
  recordAudit,
  SYSTEM_ACTOR,
  type Outbox,
  type PrivacyPart,
  type Transactor,
} from '@nsa/service-kit';
import type { PrivacyRepository } from '../data-access/privacy.js';
import type { AuditLog } from './audit-log.js';
import { emailKey } from './tokens.js';

export interface IdentityPrivacyDeps {
  db: Transactor;
  outbox: Outbox;
  privacy: PrivacyRepository;
  /** The audit log whose old actors the retention run anonymises; without it, none are. */
  audit?: AuditLog;
  /** SESSION_SECRET: the key of the email hashes login failures and reset requests are kept by. */
  sessionSecret: string;
  /** RETENTION_MONTHS: the audit log's actors older than this lose id and name. */
  retentionMonths: number;
}

/**
 * svc-identity's part in the privacy lifecycle (R-RETENTION-ACCESS-LOG, R-PRIVACY-*). It holds
 * parents' data only as login failures and reset requests of their address (a keyed hash,
 * with the client address); admin and provider accounts are people too, and show in an export, but an account is
 * removed on the users screen (never by an erasure of an email, which could remove the last
 * admin).
 * - Daily (the retention job start.ts runs): login failures, reset requests and used or expired
 *   password links older than 90 days go; each run's
 *   counts are stored in `retention_runs`. The audit log's actors of entries older than
 *   `RETENTION_MONTHS` lose their id and name (R-AUDIT-RETENTION), itself an audit entry.
 */
export class IdentityPrivacy implements PrivacyPart {
  constructor(private readonly deps: IdentityPrivacyDeps) {}

  /** R-AUDIT-RETENTION: actors of entries older than the retention period, anonymised. */
  private async anonymiseAuditActors(): Promise<number> {
    if (!this.deps.audit) return 0;
    const cutoff = new Date();
    cutoff.setUTCMonth(cutoff.getUTCMonth() - this.deps.retentionMonths);
    const n = await this.deps.audit.anonymiseActorsBefore(cutoff);
    if (n > 0)
      await this.deps.db.transaction((tx) =>
        recordAudit(tx, this.deps.outbox, 'identity', {
          actor: SYSTEM_ACTOR,
          action: AUDIT_ACTIONS.retentionAnonymised,
          target: { type: 'audit', id: null },
          changes: { anonymisedActors: { before: null, after: n } },
          reason: `older than ${this.deps.retentionMonths} months`,
        }),
      );
    return n;
  }

  private key(email: string): string {
    return emailKey(this.deps.sessionSecret, email);
  }

  async export(email: string): Promise<PrivacyRecord[]> {
    const held = await this.deps.privacy.holding(email, this.key(email));
    return [
      ...held.users.map((fields) => ({ table: 'users', fields })),
      ...held.passwordTokens.map((fields) => ({ table: 'password_tokens', fields })),
      ...held.loginFailures.map((fields) => ({ table: 'login_failures', fields })),
      ...held.resetRequests.map((fields) => ({ table: 'reset_requests', fields })),
    ];
  }

  async erase(email: string): Promise<PrivacyCounts> {
    const { loginFailures, resetRequests } = await this.deps.privacy.eraseByEmailHash(
      this.key(email),
    );
    return { loginFailures, ...(resetRequests > 0 ? { resetRequests } : {}) };
  }

  retention(trigger = 'request'): Promise<PrivacyCounts> {
    return this.deps.privacy.recordRun(trigger, () => this.retire());
  }

  private async retire(): Promise<PrivacyCounts> {
    const counts: PrivacyCounts =
      await this.deps.privacy.deleteOlderThan(ACCESS_LOG_RETENTION_DAYS);
    // Named only when there were any, as the other counts' readers expect (R-AUDIT-RETENTION).
    const auditActors = await this.anonymiseAuditActors();
    if (auditActors > 0) Object.assign(counts, { auditActors });
    return counts;
  }
}

/** How many items a retention run removed or anonymised (R-RETENTION-JOB's metric). */
export function retiredItems(c: PrivacyCounts): number {
  return (
    (c.loginFailures ?? 0) + (c.resetRequests ?? 0) + (c.passwordLinks ?? 0) + (c.auditActors ?? 0)
  );
}
