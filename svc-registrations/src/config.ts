import { DEFAULT_RETENTION_MONTHS } from '@nsa/contracts';
import { z } from 'zod';

export const registrationsConfigSchema = z.object({
  /** Public sign-ups per minute per client address; 0 switches the limit off. */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(60),
  /**
   * The kit's default is 10. Sign-ups hold a connection for their whole transaction while the
   * outbox relay and two consumers share the pool (bench/README.md, burst).
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(20),
  /** R-WAITLIST-OFFER: how long an offered place is held (hours, fractions allowed). */
  WAITLIST_OFFER_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(48),
  /** How often lapsed offers are moved on to the next in line (R-WAITLIST-EXPIRY). */
  WAITLIST_SWEEP_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /**
   * Seals the parent's own link inside events for svc-notify (R-MY-SIGNUP-LINK); only this
   * service and svc-notify hold it.
   */
  LINK_SEAL_SECRET: z.string().min(32, 'at least 32 characters'),
  /**
   * R-RETENTION-PERIOD: months after its block's end that a sign-up's personal data is kept;
   * then the daily job anonymises it in every service (docs/privacy.md).
   */
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(DEFAULT_RETENTION_MONTHS),
  /**
   * R-ERASURE-LEDGER: the file every erasure is appended to, outside the database (the launcher's
   * default is `$DATA_DIR/erasures`); its hash key is kept next to it as `<file>.key`.
   */
  ERASURE_LEDGER: z.string().min(1, 'required: the erasure ledger file'),
});
export type RegistrationsConfig = z.infer<typeof registrationsConfigSchema>;
