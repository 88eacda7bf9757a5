import { isPastBlock, type ActivityView } from '@nsa/contracts';

/** Raised when the server returns another school's activity (R-PUBLIC-SAME-SCHOOL). */
export const INVALID_DATA_MESSAGE = 'Invalid data received from server';

export class InvalidDataError extends Error {
  constructor() {
    super(INVALID_DATA_MESSAGE);
    this.name = 'InvalidDataError';
  }
}

/** R-PUBLIC-SAME-SCHOOL: every activity of a school's list must belong to that school. */
export function assertSameSchool(activities: unknown, schoolId: number): ActivityView[] {
  if (!Array.isArray(activities)) throw new InvalidDataError();
  for (const activity of activities as ActivityView[]) {
    if (typeof activity !== 'object' || activity === null || activity.schoolId !== schoolId) {
      throw new InvalidDataError();
    }
  }
  return activities as ActivityView[];
}

export function isPastActivity(activity: ActivityView, today: Date): boolean {
  return isPastBlock(activity.block.weekEnd, today, activity.block.year);
}

// Monday first, as a school week reads.
const weekdayOrder = (weekday: number) => (weekday + 6) % 7;

// Titles are compared the Dutch way, which needs a collator; making the first one loads the
// browser's collation data, so it is made only when two activities tie on everything else.
let titleCollator: Intl.Collator | undefined;
const compareTitles = (a: string, b: string) =>
  (titleCollator ??= new Intl.Collator('nl')).compare(a, b);

/**
 * Calendar order: block, then weekday, then start time, then title. Start times are "HH:MM"
 * (24 hours, zero-padded), so their plain order is the clock's.
 */
function compareActivities(a: ActivityView, b: ActivityView): number {
  return (
    a.block.weekStart - b.block.weekStart ||
    a.block.weekEnd - b.block.weekEnd ||
    weekdayOrder(a.weekday) - weekdayOrder(b.weekday) ||
    (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : 0) ||
    compareTitles(a.title, b.title)
  );
}

export interface ActivityFilter {
  /** R-PUBLIC-PAST: the toggle defaults to showing past activities. */
  showPast: boolean;
  today: Date;
}

/**
 * The activities a card is drawn for: hidden ones never, past ones only when
 * asked, and then after the current and coming ones (parents look ahead).
 */
export function visibleActivities(
  activities: readonly ActivityView[],
  { showPast, today }: ActivityFilter,
): ActivityView[] {
  // Whether each is past is worked out once, not in every comparison of the sort.
  const past = new Map<ActivityView, number>();
  for (const activity of activities) {
    if (!activity.isHidden) past.set(activity, isPastActivity(activity, today) ? 1 : 0);
  }
  return [...past.keys()]
    .filter((activity) => showPast || past.get(activity) === 0)
    .sort((a, b) => past.get(a)! - past.get(b)! || compareActivities(a, b));
}

/** A block id from the query string: a positive integer, else no filter. */
export function parseBlockId(value: string | null): string {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? value : '';
}

/** An activity id from the query string, or null. */
export function parseActivityId(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
