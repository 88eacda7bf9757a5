import { DEFAULT_RETENTION_MONTHS } from '@nsa/contracts';
import { z } from 'zod';

const optional = z.string().optional();
/** A variable set to nothing (as compose passes an unset one) is unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema);

export const identityConfigSchema = z.object({
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(10),
  /** R-TOTP: every account must log in with a one-time code as well (set up at first login). */
  ADMIN_2FA_REQUIRED: z.enum(['0', '1']).default('0'),
  /** R-AUDIT-RETENTION: months after which the audit log's actors are anonymised. */
  RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(DEFAULT_RETENTION_MONTHS),
  /**
   * Held by svc-identity alone: seals two-step enrolment tickets and stored TOTP secrets, which
   * can start an admin session, so a leak of another service's configuration (SESSION_SECRET)
   * grants none.
   */
  IDENTITY_SECRET: z.string().min(32, 'at least 32 characters'),
  /**
   * The identity secret before a rotation: stored TOTP secrets sealed under it are sealed again
   * under IDENTITY_SECRET on start (docs/operations.md, Secrets).
   */
  IDENTITY_SECRET_PREVIOUS: z.string().min(32, 'at least 32 characters').optional(),
  /** Seals secret links inside events so that only svc-notify can open them. */
  LINK_SEAL_SECRET: z.string().min(32, 'at least 32 characters'),
  BOOTSTRAP_ADMIN_EMAIL: optional,
  BOOTSTRAP_ADMIN_PASSWORD: optional,
  BOOTSTRAP_ADMIN_NAME: optional,
  /** R-PLATFORM-ACCOUNTS: a platform administrator made on start when the address is new. */
  BOOTSTRAP_PLATFORM_EMAIL: unsetWhenEmpty(z.email().optional()),
  BOOTSTRAP_PLATFORM_PASSWORD: unsetWhenEmpty(
    z.string().min(12, 'at least 12 characters').max(200).optional(),
  ),
  /** R-ORG-HOST: organisation 1's settings, taken when it is made (first start). */
  ORG_NAME: z.string().min(1).max(200).default('Welzijn Voorbeeldstad'),
  ORG_CONTACT_EMAIL: z.email().default('info@welzijn.example'),
  ORG_WEBSITE: z.url({ protocol: /^https?$/ }).optional(),
  ORG_PRIVACY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * R-PLATFORM-DELETE: how often a deletion left `deleting` (a service did not answer, or the
   * process stopped halfway) is looked for and finished.
   */
  DELETION_RETRY_MS: z.coerce.number().int().min(1000).default(300_000),
  DEMO_DATA: z.enum(['0', '1']).default('0'),
  DEMO_ADMIN_EMAIL: z.string().default('beheer@voorbeeld.nl'),
  DEMO_ADMIN_PASSWORD: optional,
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;
