/**
 * Calendar rules (R-CAL-WEEKS, R-CAL-RANGE, R-CAL-CURRENT-WEEK, R-CAL-PAST, R-CAL-AGE).
 * Weeks are ISO weeks: week 1 contains 4 January and starts on Monday; an activity week
 * ends on Friday (start plus 4 days).
 */

const DAY_MS = 86_400_000;

/** Monday of ISO week `week` of `year`, as a UTC date. */
export function isoWeekMonday(year: number, week: number): Date {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const jan4Weekday = (jan4.getUTCDay() + 6) % 7; // Monday = 0
  const week1Monday = jan4.getTime() - jan4Weekday * DAY_MS;
  return new Date(week1Monday + (week - 1) * 7 * DAY_MS);
}

/** The number of ISO weeks in a year: 53 when 1 January or 31 December is a Thursday. */
export function isoWeeksInYear(year: number): number {
  const thursday = (d: Date) => d.getUTCDay() === 4;
  return thursday(new Date(Date.UTC(year, 0, 1))) || thursday(new Date(Date.UTC(year, 11, 31)))
    ? 53
    : 52;
}

/** First Monday and last Friday of a block of weeks. */
export function blockDateRange(
  year: number,
  weekStart: number,
  weekEnd: number,
): { start: Date; end: Date } {
  return {
    start: isoWeekMonday(year, weekStart),
    end: new Date(isoWeekMonday(year, weekEnd).getTime() + 4 * DAY_MS),
  };
}

/** R-CAL-CURRENT-WEEK: the current week number is the ceiling of elapsed weeks since 1 January. */
export function currentWeekNumber(today: Date): number {
  const jan1 = Date.UTC(today.getFullYear(), 0, 1);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.max(1, Math.ceil((now - jan1) / (7 * DAY_MS)));
}

/** The ISO week-year of a day (the year its week's Thursday is in): a new block's default year. */
export function isoYearOf(day: Date): number {
  const d = new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()));
  d.setUTCDate(d.getUTCDate() + 3 - ((d.getUTCDay() + 6) % 7));
  return d.getUTCFullYear();
}

/**
 * R-CAL-PAST: an activity is past when its block's last week is before the current week; a block
 * of an earlier year is past as a whole, one of a later year is not (R-RETENTION-YEAR).
 */
export function isPastBlock(weekEnd: number, today: Date, year?: number): boolean {
  if (year !== undefined && year !== today.getFullYear()) return year < today.getFullYear();
  return weekEnd < currentWeekNumber(today);
}

/** Age in whole years on `today`; 0 without a birth date (R-CAL-AGE). */
export function ageInYears(dateOfBirth: string | null | undefined, today: Date): number {
  if (!dateOfBirth) return 0;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!m) return 0;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = today.getFullYear() - y;
  const beforeBirthday =
    today.getMonth() + 1 < mo || (today.getMonth() + 1 === mo && today.getDate() < d);
  if (beforeBirthday) age -= 1;
  return Math.max(0, age);
}

/** A real calendar date written YYYY-MM-DD. */
export function isValidIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}
