import { blockDateRange } from '@nsa/contracts';

/**
 * R-LANG-DATES: dates in the nl-NL format, and the British equivalent for English
 * ('maandag 2 maart', 'Monday 2 March'), written out by the page itself. The browser's
 * Intl.DateTimeFormat writes the same, but the first one a page makes loads the browser's
 * calendar data: 70 to 90 ms of main thread on a laptop, four times that on a phone, in the
 * middle of the first render of the school page's cards. The unit tests check every day of
 * two years against Intl.DateTimeFormat. The other languages' dates come from
 * Intl.DateTimeFormat itself (INTL_LOCALES): their month names change with the case
 * ('2 marca', '2 березня'), and their words would weigh on every page's first load.
 */
const WORDS = {
  nl: {
    weekday: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
    weekdayShort: ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'],
    month: [
      'januari',
      'februari',
      'maart',
      'april',
      'mei',
      'juni',
      'juli',
      'augustus',
      'september',
      'oktober',
      'november',
      'december',
    ],
    monthShort: [
      'jan',
      'feb',
      'mrt',
      'apr',
      'mei',
      'jun',
      'jul',
      'aug',
      'sep',
      'okt',
      'nov',
      'dec',
    ],
    /** Between the weekday and the day when the year is written too. */
    yearSeparator: ' ',
  },
  en: {
    weekday: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    weekdayShort: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    month: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    monthShort: [
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sept',
      'Oct',
      'Nov',
      'Dec',
    ],
    yearSeparator: ', ',
  },
};

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
  const locale = INTL_LOCALES[language];
  if (locale) return intlDayText(locale, date, options);
  const words = language === 'en' ? WORDS.en : WORDS.nl;
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
