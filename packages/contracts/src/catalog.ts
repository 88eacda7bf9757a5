import { z } from 'zod';
import { wholeNumber } from './numbers.js';
import { plainName } from './plain-text.js';

const id = wholeNumber('invalidType', 1, 2_147_483_647);
const week = wholeNumber('weekRange', 1, 53);
/** R-RETENTION-YEAR: the ISO week-year of a block's weeks. */
const year = wholeNumber('yearRange', 2000, 2100);

export const schoolSchema = z.object({ name: plainName('schoolNameRequired') });
export const providerSchema = z.object({ name: plainName('providerNameRequired') });

/**
 * A block is a run of ISO weeks within one calendar year. A block over the
 * new year is two blocks (one per year), so weekEnd before weekStart is refused.
 */
export const ALLOCATIONS = ['fcfs', 'lottery'] as const;
export type Allocation = (typeof ALLOCATIONS)[number];
const moment = z.iso
  .datetime({ offset: true, error: 'dateTimeInvalid' })
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/**
 * R-DRAW-WINDOW: a block may have a sign-up window (both ends optional) and an allocation,
 * first come first served (the default) or a lottery.
 */
export const blockSchema = z
  .object({
    name: plainName('blockNameRequired'),
    weekStart: week,
    weekEnd: week,
    /** Absent: the current year (R-RETENTION-YEAR). */
    year: year.optional(),
    signupOpensAt: moment,
    signupClosesAt: moment,
    allocation: z.enum(ALLOCATIONS, { error: 'invalidType' }).default('fcfs'),
  })
  .refine((b) => b.weekEnd >= b.weekStart, { path: ['weekEnd'], message: 'weekEndBeforeStart' })
  .refine(
    (b) =>
      !b.signupOpensAt ||
      !b.signupClosesAt ||
      new Date(b.signupClosesAt).getTime() > new Date(b.signupOpensAt).getTime(),
    { path: ['signupClosesAt'], message: 'closesBeforeOpens' },
  )
  .refine((b) => b.allocation === 'fcfs' || (b.signupOpensAt && b.signupClosesAt), {
    path: ['allocation'],
    message: 'lotteryNeedsWindow',
  });

/** A block as the API takes it, after validation (dates as ISO strings or null). */
export type BlockFields = z.infer<typeof blockSchema>;

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export const activitySchema = z.object({
  title: plainName('activityTitleRequired'),
  capacity: wholeNumber('capacityMin1', 1, 10_000, 'capacityMax'),
  weekday: wholeNumber('weekdayRange', 0, 6),
  startTime: z
    .string({ error: 'startTimeFormat' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'startTimeFormat'),
  schoolId: id,
  blockId: id,
  providerId: id,
  isLocked: z.boolean({ error: 'invalidType' }).default(false),
  isHidden: z.boolean({ error: 'invalidType' }).default(false),
});
export type ActivityInput = z.infer<typeof activitySchema>;

/** The school token of a school page: 32 lowercase hex characters. */
export const SCHOOL_TOKEN_PATTERN = /^[0-9a-f]{32}$/;
