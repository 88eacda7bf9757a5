import { z } from 'zod';
import { wholeNumber } from './numbers.js';

const id = wholeNumber('invalidType', 1, 2_147_483_647);
const name = (key: string) => z.string({ error: key }).trim().min(1, key).max(200, 'tooLong');
const week = wholeNumber('weekRange', 1, 53);

export const schoolSchema = z.object({ name: name('schoolNameRequired') });
export const providerSchema = z.object({ name: name('providerNameRequired') });

/**
 * A block is a run of ISO weeks within one calendar year. A block over the
 * new year is two blocks (one per year), so weekEnd before weekStart is refused.
 */
export const blockSchema = z
  .object({ name: name('blockNameRequired'), weekStart: week, weekEnd: week })
  .refine((b) => b.weekEnd >= b.weekStart, { path: ['weekEnd'], message: 'weekEndBeforeStart' });

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export const activitySchema = z.object({
  title: name('activityTitleRequired'),
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

export interface NamedRef {
  id: number;
  name: string;
}
export interface BlockRef extends NamedRef {
  weekStart: number;
  weekEnd: number;
}

/** An activity as read views show it (R-DATA-ACTIVITY). */
export interface ActivityView {
  id: number;
  title: string;
  capacity: number;
  weekday: number;
  startTime: string;
  schoolId: number;
  blockId: number;
  providerId: number;
  isLocked: boolean;
  isHidden: boolean;
  school: NamedRef;
  block: BlockRef;
  provider: NamedRef;
  approvedCount: number;
  /** Places held by an open waiting-list offer; they count against capacity (R-WAITLIST-CAPACITY). */
  offeredCount: number;
  /** Sign-ups waiting in line (R-WAITLIST-JOIN). */
  waitlistCount: number;
  registrationsCount: number;
  /** capacity − approved − offered, never below 0. */
  availablePlaces: number;
  /** The block's first week, and every week the activity runs. */
  week: number;
  weeks: number[];
}
