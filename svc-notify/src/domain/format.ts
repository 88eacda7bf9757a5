import { LANG_LOCALES, blockDateRange, type Lang } from '@nsa/contracts';
import { textsIn } from './texts/index.js';

export function weekdayName(weekday: number, lang: Lang): string {
  return weekday >= 0 && weekday <= 6 ? textsIn(lang)(`weekdays.${weekday}`) : '';
}

const FORMATTERS = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language and use: making one costs far more than formatting with it. */
function formatter(
  lang: Lang,
  name: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${lang}:${name}`;
  let f = FORMATTERS.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LANG_LOCALES[lang], options);
    FORMATTERS.set(key, f);
  }
  return f;
}

/**
 * R-CAL-RANGE: '{weekday} {day} {month} t/m {weekday} {day} {month}' (English: 'to'); each
 * language's own date order and words from Intl (LANG_LOCALES: Arabic with Western digits).
 */
export function dateRange(
  weekStart: number,
  weekEnd: number,
  lang: Lang,
  year = new Date().getFullYear(),
): string {
  const { start, end } = blockDateRange(year, weekStart, weekEnd);
  const fmt = formatter(lang, 'range', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return textsIn(lang)('dateRange', { start: fmt.format(start), end: fmt.format(end) });
}

/**
 * R-LANG-DATES: a moment in Europe/Amsterdam time, in the language's own order (LANG_LOCALES):
 * 'woensdag 4 maart 2026 om 15:15', '15:15 on Wednesday 4 March 2026',
 * 'الأربعاء، 4 مارس 2026، الساعة 15:15'.
 */
export function localMoment(instant: Date, lang: Lang): string {
  const zone = { timeZone: 'Europe/Amsterdam' } as const;
  const date = formatter(lang, 'date', {
    ...zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(instant);
  const time = formatter(lang, 'time', {
    ...zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return textsIn(lang)('moment', { date, time });
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text from parents and admins goes into HTML mail only escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
