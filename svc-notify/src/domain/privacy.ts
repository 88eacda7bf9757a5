import { ACCESS_LOG_RETENTION_DAYS, type PrivacyCounts, type PrivacyRecord } from '@nsa/contracts';
import type { PrivacyPart, Transaction, Transactor } from '@nsa/service-kit';
import type { PrivacyRepository } from '../data-access/privacy.js';

export interface NotifyPrivacyDeps {
  db: Transactor;
  privacy: PrivacyRepository;
}

/**
 * svc-notify's part in the privacy lifecycle (R-RETENTION-NOTIFY, R-PRIVACY-*): deliveries hold
 * the email's content (address, names) until sent, and an SMTP error may quote the address.
 * - Erased sign-ups (by the batch event, or at once on request): their ids are remembered, so a
 *   late event of theirs records nothing, and their deliveries are deleted.
 * - On request, any other delivery that holds the email (the whole address, R-PRIVACY-MATCH)
 *   keeps only its key and outcome.
 * - Daily (the retention job start.ts runs): deliveries of erased sign-ups, and finished ones
 *   older than 90 days, go. Each run's counts are stored in `retention_runs`.
 */
export class NotifyPrivacy implements PrivacyPart {
  constructor(private readonly deps: NotifyPrivacyDeps) {}

  /** Forgets these sign-ups within `tx` (the batch event's handler). Answers deliveries deleted. */
  async forget(tx: Transaction, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    return this.deps.privacy.forgetRegistrations(tx, ids);
  }

  async export(email: string): Promise<PrivacyRecord[]> {
    const rows = await this.deps.privacy.deliveriesHolding(email);
    return rows.map((fields) => ({ table: 'deliveries', fields }));
  }

  async erase(email: string, registrationIds: number[]): Promise<PrivacyCounts> {
    return this.deps.db.transaction(async (tx) => {
      const deleted = await this.forget(tx, registrationIds);
      const cleared = await this.deps.privacy.clearDeliveriesHolding(tx, email);
      return { deliveries: deleted + cleared };
    });
  }

  retention(trigger = 'request'): Promise<PrivacyCounts> {
    return this.deps.privacy.recordRun(trigger, () => this.retire());
  }

  private async retire(): Promise<PrivacyCounts> {
    return { deliveries: await this.deps.privacy.deleteExpired(ACCESS_LOG_RETENTION_DAYS) };
  }
}
