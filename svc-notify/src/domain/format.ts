import { blockDateRange, type Lang } from '@nsa/contracts';

const WEEKDAYS: Record<Lang, string[]> = {
  nl: ['zondag', 'maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};

export function weekdayName(weekday: number, lang: Lang): string {
  return WEEKDAYS[lang][weekday] ?? '';
}

/** R-CAL-RANGE: '{weekday} {day} {month} t/m {weekday} {day} {month}' (English: 'to'). */
export function dateRange(
  weekStart: number,
  weekEnd: number,
  lang: Lang,
  year = new Date().getFullYear(),
): string {
  const { start, end } = blockDateRange(year, weekStart, weekEnd);
  const fmt = new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return `${fmt.format(start)} ${lang === 'nl' ? 't/m' : 'to'} ${fmt.format(end)}`;
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
