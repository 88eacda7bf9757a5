import { blockDateRange } from '@nsa/contracts';

/**
 * R-LANG-DATES: dates in the nl-NL format, and the British equivalent for English
 * ('maandag 2 maart', 'Monday 2 March'), written out by the page itself with the language's
 * words (date-words/), which come in the chunk of the language's texts (export-app.tsx), so a
 * page in another language downloads none of them. The browser's Intl.DateTimeFormat writes
 * the same, but the first one a page makes loads the browser's calendar data, a long task in
 * the middle of the first render of the school page's cards (bench/README.md, "The first
 * load"). The unit tests check every day of two years against
 * Intl.DateTimeFormat. The other languages' dates come from Intl.DateTimeFormat itself
 * (INTL_LOCALES): their month names change with the case ('2 marca', '2 березня').
 */
export interface DateWords {
  weekday: readonly string[];
  weekdayShort: readonly string[];
  month: readonly string[];
  monthShort: readonly string[];
  /** Between the weekday and the day when the year is written too. */
  yearSeparator: string;
}

const WORDS = new Map<string, DateWords>();

/** A language's words, added when its texts have loaded. */
export function addDateWords(language: string, words: DateWords): void {
  WORDS.set(language, words);
}

/**
 * The locale each other language's dates are written in. Arabic with Western digits ('2 مارس
 * 2026', as ar-MA writes them), never the Arabic-Indic ones of ar-SA or ar-EG (which plain `ar`
 * gave in older browsers' data), whatever the browser's default: most Arabic-speaking
 * parents here are of Moroccan descent and write Western digits, as the times, phone numbers
 * and group numbers around these dates are written; the month names stay those of Modern
 * Standard Arabic (ar-MA's own, such as غشت for August, are not read everywhere).
 */
export const INTL_LOCALES: Readonly<Record<string, string>> = {
  tr: 'tr-TR',
  ar: 'ar-u-nu-latn',
  pl: 'pl-PL',
  uk: 'uk-UA',
};

/** The reference locales of the languages the page writes itself, should their words be missing. */
const REFERENCE_LOCALES: Readonly<Record<string, string>> = { nl: 'nl-NL', en: 'en-GB' };

const formats = new Map<string, Intl.DateTimeFormat>();

function intlDayText(locale: string, date: Date, options: DayOptions): string {
  const key = `${locale} ${options.style} ${options.year ? 'y' : ''} ${options.utc ? 'utc' : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: options.style,
      day: 'numeric',
      month: options.style,
      year: options.year ? 'numeric' : undefined,
      timeZone: options.utc ? 'UTC' : undefined,
    });
    formats.set(key, format);
  }
  return format.format(date);
}

export interface DayOptions {
  /** `long`: 'vrijdag 28 november'; `short`: 'vr 28 nov'. */
  style: 'long' | 'short';
  /** Write the year ('vrijdag 8 januari 2027', 'Fri, 8 Jan 2027'). */
  year?: boolean;
  /** Read the date in UTC rather than on the browser's clock (for UTC midnights). */
  utc?: boolean;
}

/** A day written out in the UI language: weekday, day and month, and the year if asked. */
export function dayText(language: string, date: Date, options: DayOptions): string {
  const words = WORDS.get(language);
  if (!words) {
    const locale = INTL_LOCALES[language] ?? REFERENCE_LOCALES[language] ?? 'nl-NL';
    return intlDayText(locale, date, options);
  }
  const long = options.style === 'long';
  const [weekday, day, month, year] = options.utc
    ? [date.getUTCDay(), date.getUTCDate(), date.getUTCMonth(), date.getUTCFullYear()]
    : [date.getDay(), date.getDate(), date.getMonth(), date.getFullYear()];
  const weekdayWord = (long ? words.weekday : words.weekdayShort)[weekday]!;
  const dayMonth = `${day} ${(long ? words.month : words.monthShort)[month]!}`;
  return options.year
    ? `${weekdayWord}${words.yearSeparator}${dayMonth} ${year}`
    : `${weekdayWord} ${dayMonth}`;
}

/** The time on the browser's clock, 24 hours: '09:05', '17:00'. */
export function timeText(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
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
  // The helpers return UTC midnights; reading them in UTC keeps the day right in every time zone.
  const { start, end } = blockDateRange(year, weekStart, weekEnd);
  const options = { style: 'long', utc: true } as const;
  return { start: dayText(language, start, options), end: dayText(language, end, options) };
}
