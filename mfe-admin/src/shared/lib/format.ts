import { blockDateRange, isoWeeksInYear, type StaffLang } from '@nsa/contracts';

// R-LANG-DATES: dates in nl-NL format; the English screens use British day-month order.
const LOCALES: Record<StaffLang, string> = { nl: 'nl-NL', en: 'en-GB' };

/** A timestamp as date and time in the UI language, or null when there is none. */
export function formatDateTime(iso: string | null | undefined, lang: StaffLang): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/**
 * A deadline a few days ahead, short enough for a badge: day, month and time ('25 nov, 14:00'),
 * the year only when it is not this year's. Null when there is none.
 */
export function formatDeadline(
  iso: string | null | undefined,
  lang: StaffLang,
  now: Date = new Date(),
): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(LOCALES[lang], {
    day: 'numeric',
    month: 'short',
    year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/**
 * First Monday and last Friday of a block of weeks in `year` (R-CAL-RANGE), as
 * short dates ('ma 2 mrt'), or null when a week does not exist that year
 * (week 53 in a year of 52 weeks).
 */
export function blockRange(
  year: number,
  weekStart: number,
  weekEnd: number,
  lang: StaffLang,
): { start: string; end: string } | null {
  const weeks = isoWeeksInYear(year);
  if (weekStart < 1 || weekEnd < weekStart || weekEnd > weeks) return null;
  const { start, end } = blockDateRange(year, weekStart, weekEnd);
  const format = new Intl.DateTimeFormat(LOCALES[lang], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return { start: format.format(start), end: format.format(end) };
}
