/**
 * Calendar rules (R-CAL-WEEKS, R-CAL-RANGE, R-CAL-CURRENT-WEEK, R-CAL-PAST, R-CAL-AGE), the one
 * home of each: @nsa/calendar and the frontends use these. Weeks are ISO weeks: week 1 contains
 * 4 January and starts on Monday; an activity week ends on Friday (start plus 4 days).
 */

const DAY_MS = 86_400_000;

/** Days since the Monday of its ISO week of a weekday counted from Sunday (0) to Saturday (6). */
const daysFromMonday = (sundayBased: number): number => (sundayBased + 6) % 7;

/** Monday of ISO week `week` of `year`, as a UTC date. */
export function isoWeekMonday(year: number, week: number): Date {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const week1Monday = jan4.getTime() - daysFromMonday(jan4.getUTCDay()) * DAY_MS;
  return new Date(week1Monday + (week - 1) * 7 * DAY_MS);
}

/**
 * The day `weekday` (0 Sunday to 6 Saturday) of ISO week `week` of `year`, as a UTC date: a
 * Sunday is the last day of its ISO week (R-CAL-WEEKS).
 */
export function isoWeekDay(year: number, week: number, weekday: number): Date {
  return new Date(isoWeekMonday(year, week).getTime() + daysFromMonday(weekday) * DAY_MS);
}

/** The ISO week-year of a calendar day (months 1 to 12): the year its week's Thursday is in. */
export function isoWeekYearOfDay(year: number, month: number, day: number): number {
  const d = new Date(Date.UTC(year, month - 1, day));
  d.setUTCDate(d.getUTCDate() + 3 - daysFromMonday(d.getUTCDay()));
  return d.getUTCFullYear();
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

/** The ISO week-year of a day in this process's time zone: a new block's default year. */
export function isoYearOf(day: Date): number {
  return isoWeekYearOfDay(day.getFullYear(), day.getMonth() + 1, day.getDate());
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

/** A date written `YYYY-MM-DD`, whether or not it exists. */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD: 2020-02-29 is one, 2021-02-29 is not. */
export function isValidIsoDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
