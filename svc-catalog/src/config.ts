import { z } from 'zod';

export const catalogConfigSchema = z.object({
  DEMO_DATA: z.enum(['0', '1']).default('0'),
  /** The demo school's token, chosen by the launcher so that it can print the link. */
  DEMO_SCHOOL_TOKEN: z
    .string()
    .regex(/^[0-9a-f]{32}$/, '32 lowercase hex characters')
    .optional(),
});
