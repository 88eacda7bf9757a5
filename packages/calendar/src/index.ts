/**
 * An activity's sessions and its calendar file (R-CAL-ICS). Weeks are ISO weeks (R-CAL-WEEKS),
 * weekdays 0 (Sunday) to 6 (Saturday) and start times `HH:MM` (R-CAL-WEEKDAY); every date and
 * time is Europe/Amsterdam's. The week rules themselves are @nsa/contracts' (its dates module);
 * this package applies them to Amsterdam's days.
 */
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar } from 'ical-generator';
import {
  isoWeekDay,
  isoWeekYearOfDay,
  isoWeeksInYear,
  wallClockAt,
  wallMs,
  type Lang,
  type WallClock,
} from '@nsa/contracts';

/** The product's one time zone. */
export const TIME_ZONE = 'Europe/Amsterdam';

/** The Europe/Amsterdam date and time of an instant. */
function inAmsterdam(instant: Date): WallClock {
  return wallClockAt(instant.getTime(), TIME_ZONE);
}

/** The instant at which Amsterdam's clocks show `wall` (the later one, should it not exist). */
function amsterdamInstant(wall: WallClock): Date {
  const asUtc = wallMs(wall);
  // Amsterdam is UTC+1 or UTC+2: try the offset of a guess, then correct once.
  let guess = asUtc - 3_600_000;
  for (let i = 0; i < 2; i += 1) guess += asUtc - wallMs(inAmsterdam(new Date(guess)));
  return new Date(guess);
}

/** The ISO-8601 week-year of the Europe/Amsterdam date of `date` (R-CAL-WEEKS). */
export function isoWeekYear(date: Date): number {
  const { year, month, day } = inAmsterdam(date);
  return isoWeekYearOfDay(year, month, day);
}

/**
 * The dates (`YYYY-MM-DD`) of `weekday` (0 Sunday to 6 Saturday) in each ISO week `weekStart`
 * to `weekEnd` of ISO week-year `year` (R-CAL-WEEKS): week 1 holds 4 January, so its Monday may
 * be in December before, and week 53 exists only in years that have it. A Sunday is the last
 * day of its ISO week.
 */
export function sessionDates(
  weekday: number,
  weekStart: number,
  weekEnd: number,
  year: number,
): string[] {
  if (!Number.isInteger(weekday) || weekday < 0 || weekday > 6) {
    throw new RangeError(`weekday must be 0 to 6, not ${weekday}`);
  }
  const weeks = isoWeeksInYear(year);
  if (
    !Number.isInteger(weekStart) ||
    !Number.isInteger(weekEnd) ||
    weekStart < 1 ||
    weekEnd > weeks ||
    weekStart > weekEnd
  ) {
    throw new RangeError(`weeks ${weekStart} to ${weekEnd} are not a block of ${year}`);
  }
  const dates: string[] = [];
  for (let week = weekStart; week <= weekEnd; week += 1) {
    dates.push(isoWeekDay(year, week, weekday).toISOString().slice(0, 10));
  }
  return dates;
}

export interface ActivityCalendarInput {
  /** Globally unique and stable for the sign-up, e.g. `registration-42@naschool`. */
  uid: string;
  title: string;
  schoolName: string;
  providerName: string;
  /** 0 Sunday to 6 Saturday. */
  weekday: number;
  /** `HH:MM`, Europe/Amsterdam. */
  startTime: string;
  weekStart: number;
  weekEnd: number;
  /** The ISO week-year of the block's weeks. */
  year: number;
  /** The language of the description (the parent's, R-LANG-EMAIL). */
  language: Lang;
  /** Shown as the event's URL, e.g. the parent's own link. */
  url?: string;
}

const DESCRIPTION: Record<Lang, (provider: string) => string> = {
  nl: (provider) =>
    `Aanbieder: ${provider}.\nDe eindtijd is niet bekend; de agenda houdt 1 uur aan.`,
  en: (provider) => `Provider: ${provider}.\nThe end time is not known; the calendar shows 1 hour.`,
  tr: (provider) =>
    `Sağlayıcı: ${provider}.\nBitiş saati bilinmiyor; takvimde 1 saat olarak gösterilir.`,
  ar: (provider) =>
    `مقدّم النشاط: ${provider}.\nوقت الانتهاء غير معروف؛ يعرض التقويم مدة ساعة واحدة.`,
  pl: (provider) =>
    `Organizator: ${provider}.\nGodzina zakończenia nie jest znana; w kalendarzu wpisano 1 godzinę.`,
  uk: (provider) =>
    `Організатор: ${provider}.\nЧас завершення невідомий; у календарі вказано 1 годину.`,
};

/** `YYYYMMDDTHHMMSSZ`, the UTC form RFC 5545 asks for in UNTIL when DTSTART has a TZID. */
function icsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * A Date whose fields in this process's own time zone read `wall`: ical-generator writes a
 * native Date of an event with a TZID from those fields (its documented behaviour), so the
 * file says `wall` in Europe/Amsterdam whatever time zone the server runs in.
 */
function wallClockDate(wall: WallClock): Date {
  return new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
}

/**
 * An iCalendar file (RFC 5545) for an activity (R-CAL-ICS): ONE weekly event from the first to
 * the last session date (`sessionDates`), at `startTime` Europe/Amsterdam, with that zone's
 * VTIMEZONE; summary the title, location the school, a description naming the provider.
 *
 * The product knows only a start time, no end time: every occurrence is given one hour, and the
 * description says the end time is not known.
 */
export function activityCalendar(input: ActivityCalendarInput): string {
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(input.startTime);
  if (!time) throw new RangeError(`start time must be HH:MM, not ${input.startTime}`);
  const [hour, minute] = [Number(time[1]), Number(time[2])];
  const dates = sessionDates(input.weekday, input.weekStart, input.weekEnd, input.year);
  const wallOn = (isoDate: string): WallClock => {
    const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
    return { year: y, month: m, day: d, hour, minute, second: 0 };
  };
  const first = wallOn(dates[0]!);
  const last = wallOn(dates[dates.length - 1]!);
  // One hour later on the wall clock (never across a clock change: those are at night).
  const endUtc = new Date(Date.UTC(first.year, first.month - 1, first.day, hour + 1, minute));
  const end: WallClock = {
    year: endUtc.getUTCFullYear(),
    month: endUtc.getUTCMonth() + 1,
    day: endUtc.getUTCDate(),
    hour: endUtc.getUTCHours(),
    minute: endUtc.getUTCMinutes(),
    second: 0,
  };

  const calendar = new ICalCalendar({
    prodId: { company: 'naschool', product: 'activity', language: input.language.toUpperCase() },
  });
  // No calendar-wide zone (with one, ical-generator writes DTSTAMP without its required UTC
  // `Z`): the event carries the TZID, and the generator adds that zone's VTIMEZONE.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  calendar.createEvent({
    id: input.uid,
    start: wallClockDate(first),
    end: wallClockDate(end),
    timezone: TIME_ZONE,
    repeating: `FREQ=WEEKLY;UNTIL=${icsUtc(amsterdamInstant(last))}`,
    summary: input.title,
    location: input.schoolName,
    description: DESCRIPTION[input.language](input.providerName),
    ...(input.url ? { url: input.url } : {}),
  });
  return calendar.toString();
}
