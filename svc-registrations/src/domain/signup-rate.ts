import { createHmac } from 'node:crypto';
import { repeatEvery, type Logger } from '@nsa/service-kit';
import { SIGNUP_WINDOW_MS, type SignupRateRepository } from '../data-access/signup-rate.js';

export interface SignupRateLimitDeps {
  /** The counts per client address. */
  counts: SignupRateRepository;
  limit: number;
  /** The HMAC key: a secret only this service's processes hold. */
  secret: string;
  logger: Logger;
}

/**
 * R-SIGNUP-RATE: at most `limit` public sign-ups a minute per client address (the one nginx
 * saw), counted in the database, so the limit means the same with one process or several.
 * Only a keyed hash of the address is stored (HMAC with a secret of this service), for one
 * window. `limit` 0 switches it off.
 */
export class SignupRateLimit {
  constructor(private readonly deps: SignupRateLimitDeps) {}

  get enabled(): boolean {
    return this.deps.limit > 0;
  }

  /** The stored key of an address: not the address, and not computable without the secret. */
  clientKey(clientIp: string): string {
    return createHmac('sha256', this.deps.secret).update(`signup-rate\n${clientIp}`).digest('hex');
  }

  /**
   * Counts a sign-up of the address; past the limit, answers how many seconds are left of its
   * window (at least 1), which the entry point refuses it for (undefined: within the limit). A
   * sign-up refused here counts too, so a client that keeps trying stays refused for the rest
   * of its window.
   */
  async take(clientIp: string): Promise<number | undefined> {
    if (!this.enabled) return undefined;
    const { hits, endsInMs } = await this.deps.counts.hit(this.clientKey(clientIp));
    if (hits <= this.deps.limit) return undefined;
    return Math.max(1, Math.ceil(endsInMs / 1000));
  }

  /** Deletes counts whose window ended, on start and every minute (any process may). */
  start(): { stop(): Promise<void> } {
    return repeatEvery(
      () => this.deps.counts.prune(),
      SIGNUP_WINDOW_MS,
      (err) => this.deps.logger.warn({ err: err.message }, 'sign-up limit: prune failed'),
    );
  }
}
