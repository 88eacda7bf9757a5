/**
 * Wall-clock time in a named time zone, without a time-zone library: what the admin's
 * datetime-local inputs (R-DRAW-WINDOW) and the calendar's sessions (R-CAL-ICS) both need.
 */

const MINUTE_MS = 60_000;

const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl.DateTimeFormat per locale and options: making one is slow, using one is not. */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A date and time as a clock on the wall shows it; months 1 to 12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** A wall-clock time as if it were UTC, in ms: what offsets are added to and taken from. */
export function wallMs(w: WallClock): number {
  const date = new Date(Date.UTC(2000, w.month - 1, w.day, w.hour, w.minute, w.second));
  date.setUTCFullYear(w.year);
  return date.getTime();
}

/** The wall clock in `timeZone` at the instant `ms`. */
export function wallClockAt(ms: number, timeZone: string): WallClock {
  const format = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    era: 'short',
  });
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(ms))) parts[part.type] = part.value;
  const year = Number(parts.year);
  return {
    year: parts.era === 'BC' || parts.era === 'B' ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at the instant `ms`, in ms (+02:00 is 7,200,000), whole minutes. */
export function offsetAt(ms: number, timeZone: string): number {
  const exact = Math.floor(ms / 1000) * 1000;
  return Math.round((wallMs(wallClockAt(exact, timeZone)) - exact) / MINUTE_MS) * MINUTE_MS;
}
