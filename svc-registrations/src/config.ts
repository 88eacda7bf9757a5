import { z } from 'zod';

export const registrationsConfigSchema = z.object({
  /** Public sign-ups per minute per client address; 0 switches the limit off. */
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(60),
});
export type RegistrationsConfig = z.infer<typeof registrationsConfigSchema>;
