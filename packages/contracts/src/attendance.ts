// Provider attendance (R-ATTENDANCE-*): what the provider's link marks and what admins read.
import { z } from 'zod';
import { isValidIsoDate } from './dates.js';

/** A session's date, `YYYY-MM-DD` (Europe/Amsterdam's calendar day) that exists. */
export const sessionDateSchema = z
  .string({ error: 'dateInvalid' })
  .refine(isValidIsoDate, { message: 'dateInvalid' });

/**
 * A mark's client-made id (R-ATTENDANCE-ONCE): the phone makes it when the mark is made, so a
 * mark sent again after a lost answer is applied once only.
 */
export const attendanceClientIdSchema = z
  .string({ error: 'invalidType' })
  .min(8, 'invalidType')
  .max(64, 'invalidType')
  .regex(/^[A-Za-z0-9_-]+$/, 'invalidType');

/**
 * PUT /api/provider/{activityId}/attendance/{date}?token=… (R-ATTENDANCE-MARK): `present` true
 * or false marks the child, null unmarks.
 */
export const attendanceMarkSchema = z.object({
  key: z
    .string({ error: 'required' })
    .min(1, 'required')
    .max(100, 'invalidType')
    .regex(/^[A-Za-z0-9_-]+$/, 'invalidType'),
  present: z.boolean({ error: 'invalidType' }).nullable(),
  clientId: attendanceClientIdSchema.optional(),
});
export type AttendanceMark = z.infer<typeof attendanceMarkSchema>;
