import { z } from 'zod';

export const notifyConfigSchema = z.object({
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:1025'),
  /** Opens the password links that svc-identity sealed into its events. */
  LINK_SEAL_SECRET: z.string().min(32, 'at least 32 characters'),
  /**
   * The link secret before a rotation: links sealed under it (in emails not yet sent) still
   * open until it is removed (docs/operations.md, Secrets).
   */
  LINK_SEAL_SECRET_PREVIOUS: z.string().min(32, 'at least 32 characters').optional(),
  ORG_NAME: z.string().default('Welzijn Voorbeeldstad'),
  ORG_CONTACT_EMAIL: z.email().default('info@welzijn.example'),
  MAIL_FROM: z.string().optional(),
  /** Back-off: base delay, cap, and attempts before a delivery is marked failed. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(40),
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(8),
});
export type NotifyConfig = z.infer<typeof notifyConfigSchema>;
