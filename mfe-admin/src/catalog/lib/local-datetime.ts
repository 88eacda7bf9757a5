// R-DRAW-WINDOW: a block's sign-up window is edited in <input type="datetime-local">, which holds
// a wall-clock time without a zone ('2026-03-29T09:00'). The admin means their own clock, so the
// value goes to the API as an ISO 8601 moment with that zone's offset on that day
// ('2026-03-29T09:00:00+02:00'), and comes back into the input the same way. Pure, with the time
// zone as a parameter, so it is unit tested over daylight-saving changes.

import { offsetAt, wallClockAt, wallMs, type WallClock } from '@nsa/contracts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The admin's own time zone, as the browser knows it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

function offsetText(offsetMs: number): string {
  const minutes = Math.round(offsetMs / MINUTE_MS);
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** A datetime-local value's parts, or null when it is not one or names no real date. */
function parseLocalInput(value: string): WallClock | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((p) => Number(p ?? 0));
  const wall = {
    year: year!,
    month: month!,
    day: day!,
    hour: hour!,
    minute: minute!,
    second: second,
  };
  if (wall.month < 1 || wall.month > 12 || wall.hour > 23 || wall.minute > 59 || wall.second > 59)
    return null;
  // 31 February and the like roll over in Date.UTC: refuse them.
  const check = new Date(wallMs(wall));
  if (check.getUTCDate() !== wall.day || check.getUTCMonth() !== wall.month - 1) return null;
  return wall;
}

/** What a datetime-local value means in a time zone. */
export interface LocalMoment {
  /** ISO 8601 with the zone's offset on that day, seconds included: '2026-03-29T09:00:00+02:00'. */
  iso: string;
  /**
   * The wall-clock time did not exist (the hour the clocks go forward): the moment is the same
   * number of minutes later, as browsers and Temporal's 'compatible' do ('02:30' is 03:30).
   */
  shifted: boolean;
}

/**
 * A datetime-local value ('2026-10-25T02:30') as the moment it names in `timeZone`, or null when
 * it is not a valid value. A time that occurs twice (the hour the clocks go back) is the first of
 * the two, on summer time; a time that does not exist moves forward by the gap.
 */
export function localInputToMoment(
  value: string,
  timeZone: string = browserTimeZone(),
): LocalMoment | null {
  const wall = parseLocalInput(value);
  if (!wall) return null;
  const local = wallMs(wall);
  // The offsets around that wall time: equal except near a change of offset.
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  const fits = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => offsetAt(instant, timeZone) === local - instant)
    .sort((a, b) => a - b);
  const instant = fits[0] ?? local - before;
  const offset = offsetAt(instant, timeZone);
  const shown = wallClockAt(instant, timeZone);
  return { iso: formatIso(shown, offset), shifted: fits.length === 0 };
}

function formatIso(w: WallClock, offsetMs: number): string {
  const date = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
  const time = `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
  return `${date}T${time}${offsetText(offsetMs)}`;
}

/**
 * An ISO moment from the API ('2026-03-29T07:00:00.000Z' or with an offset) as the value of a
 * datetime-local input on the admin's clock ('2026-03-29T09:00'); '' for none or nonsense.
 * Seconds are kept only when there are any.
 */
export function isoToLocalInput(
  iso: string | null | undefined,
  timeZone: string = browserTimeZone(),
): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const w = wallClockAt(ms, timeZone);
  const base = `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
  return w.second === 0 ? base : `${base}:${pad(w.second)}`;
}
