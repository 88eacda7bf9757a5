import { blockDateRange, dateTimeFormat } from '@nsa/contracts';

// R-LANG-DATES: dates are shown in nl-NL format; English gets its British
// equivalent ("Monday 2 March"), which keeps the day-before-month order.
const LOCALES: Record<string, string> = { nl: 'nl-NL', en: 'en-GB' };

function formatter(language: string): Intl.DateTimeFormat {
  // The helpers return UTC midnights; formatting in UTC keeps the day right in every time zone.
  return dateTimeFormat(LOCALES[language] ?? LOCALES.nl!, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
}

/**
 * First Monday and last Friday of a block, written out in the UI language
 * ('maandag 2 maart', 'vrijdag 20 maart'). The words between them live in the
 * resource files (`dateRange`).
 */
export function blockDateParts(
  language: string,
  year: number,
  weekStart: number,
  weekEnd: number,
): { start: string; end: string } {
  const { start, end } = blockDateRange(year, weekStart, weekEnd);
  const format = formatter(language);
  return { start: format.format(start), end: format.format(end) };
}
