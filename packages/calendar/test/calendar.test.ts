// R-CAL-ICS, R-CAL-WEEKS: session dates of ISO weeks, and the activity's calendar file read back
// with an independent parser (ical.js).
import { afterEach, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import {
  activityCalendar,
  isoWeekYear,
  sessionDates,
  type ActivityCalendarInput,
} from '../src/index.js';
import type { Lang } from '@nsa/contracts';

describe('isoWeekYear (R-CAL-WEEKS)', () => {
  it('gives the year the ISO week belongs to', () => {
    expect(isoWeekYear(new Date('2026-06-15T12:00:00Z'))).toBe(2026);
    // Friday 1 January 2027 is in week 53 of 2026.
    expect(isoWeekYear(new Date('2027-01-01T12:00:00Z'))).toBe(2026);
    // Monday 29 December 2025 is in week 1 of 2026.
    expect(isoWeekYear(new Date('2025-12-29T12:00:00Z'))).toBe(2026);
  });

  it('takes the Europe/Amsterdam date, not the UTC date', () => {
    // 23:30 UTC on Sunday 28 December 2025 is already Monday 29 December in Amsterdam.
    expect(isoWeekYear(new Date('2025-12-28T23:30:00Z'))).toBe(2026);
    expect(isoWeekYear(new Date('2025-12-28T22:30:00Z'))).toBe(2025);
  });
});

describe('sessionDates (R-CAL-WEEKS)', () => {
  it('gives the weekday of each week', () => {
    // Wednesday (3) in weeks 10 to 12 of 2026.
    expect(sessionDates(3, 10, 12, 2026)).toEqual(['2026-03-04', '2026-03-11', '2026-03-18']);
  });

  it('starts week 1 in December of the year before when 4 January says so', () => {
    expect(sessionDates(1, 1, 2, 2026)).toEqual(['2025-12-29', '2026-01-05']);
    expect(sessionDates(3, 1, 1, 2026)).toEqual(['2025-12-31']);
  });

  it('knows week 53 and its days in the next calendar year', () => {
    // 2026 has 53 ISO weeks: week 53 runs Monday 28 December 2026 to Sunday 3 January 2027.
    expect(sessionDates(1, 52, 53, 2026)).toEqual(['2026-12-21', '2026-12-28']);
    expect(sessionDates(5, 53, 53, 2026)).toEqual(['2027-01-01']);
    expect(sessionDates(0, 53, 53, 2026)).toEqual(['2027-01-03']);
    expect(sessionDates(4, 53, 53, 2020)).toEqual(['2020-12-31']);
    // Week 1 of 2027 starts a week later.
    expect(sessionDates(1, 1, 1, 2027)).toEqual(['2027-01-04']);
  });

  it('refuses week 53 of a year of 52 weeks, and other impossible input', () => {
    expect(() => sessionDates(1, 52, 53, 2025)).toThrow(RangeError);
    expect(() => sessionDates(7, 1, 2, 2026)).toThrow(RangeError);
    expect(() => sessionDates(1, 0, 2, 2026)).toThrow(RangeError);
    expect(() => sessionDates(1, 5, 4, 2026)).toThrow(RangeError);
  });
});

const input = (overrides: Partial<ActivityCalendarInput> = {}): ActivityCalendarInput => ({
  uid: 'registration-42@naschool',
  title: 'Schaken, voor beginners',
  schoolName: 'De Regenboog',
  providerName: 'Denksport BV',
  weekday: 3,
  startTime: '15:15',
  weekStart: 10,
  weekEnd: 15,
  year: 2026,
  language: 'nl',
  ...overrides,
});

const amsterdam = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
/** `YYYY-MM-DD HH:MM` in Europe/Amsterdam. */
function local(instant: Date): string {
  const p = Object.fromEntries(amsterdam.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** Parses the file with ical.js and expands its one event's occurrences. */
function readBack(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]!);
  const starts: Date[] = [];
  const it = event.iterator();
  for (let next = it.next(); next; next = it.next()) {
    starts.push(next.toJSDate());
    if (starts.length > 60) throw new Error('endless recurrence');
  }
  return { calendar, zones, event, starts };
}

describe('activityCalendar (R-CAL-ICS)', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('is one weekly event whose occurrences are exactly the session dates at the start time in Amsterdam, an hour long', () => {
    // Weeks 10 to 15 of 2026 run over the change to summer time (29 March).
    const ics = activityCalendar(input({ url: 'http://localhost:8080/my-signup#token' }));
    const { zones, event, starts } = readBack(ics);
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Amsterdam']);
    expect(event.isRecurring()).toBe(true);
    expect(event.component.getFirstProperty('rrule')!.toICALString()).toMatch(
      /^RRULE:FREQ=WEEKLY;UNTIL=\d{8}T\d{6}Z$/,
    );
    expect(event.startDate.zone?.tzid).toBe('Europe/Amsterdam');
    expect(starts.map(local)).toEqual(sessionDates(3, 10, 15, 2026).map((d) => `${d} 15:15`));
    expect(event.duration.toSeconds()).toBe(3600);
    expect(event.uid).toBe('registration-42@naschool');
    expect(event.summary).toBe('Schaken, voor beginners');
    expect(event.location).toBe('De Regenboog');
    expect(event.description).toContain('Denksport BV');
    expect(event.component.getFirstPropertyValue('url')).toBe(
      'http://localhost:8080/my-signup#token',
    );
    const stamp = event.component.getFirstProperty('dtstamp')!.toICALString();
    expect(stamp).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
  });

  it('runs over the year boundary and into week 53', () => {
    const late = readBack(activityCalendar(input({ weekday: 5, weekStart: 51, weekEnd: 53 })));
    expect(late.starts.map(local)).toEqual([
      '2026-12-18 15:15',
      '2026-12-25 15:15',
      '2027-01-01 15:15',
    ]);
    const early = readBack(
      activityCalendar(input({ weekday: 1, weekStart: 1, weekEnd: 3, startTime: '08:30' })),
    );
    expect(early.starts.map(local)).toEqual(sessionDates(1, 1, 3, 2026).map((d) => `${d} 08:30`));
    expect(early.starts.map(local)[0]).toBe('2025-12-29 08:30');
  });

  it('says the same Amsterdam times whatever time zone the server runs in', () => {
    for (const tz of ['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/Amsterdam']) {
      process.env.TZ = tz;
      const { starts } = readBack(activityCalendar(input({ startTime: '23:30' })));
      expect(starts.map(local), tz).toEqual(sessionDates(3, 10, 15, 2026).map((d) => `${d} 23:30`));
    }
  });

  it('describes the provider in the language asked for', () => {
    const nl = readBack(activityCalendar(input({ language: 'nl' }))).event.description;
    const en = readBack(activityCalendar(input({ language: 'en' }))).event.description;
    expect(nl).toMatch(/^Aanbieder: Denksport BV/);
    expect(en).toMatch(/^Provider: Denksport BV/);
    const described = (language: Lang) =>
      readBack(activityCalendar(input({ language }))).event.description;
    expect(described('tr')).toMatch(/^Sağlayıcı: Denksport BV/);
    expect(described('ar')).toMatch(/^مقدّم النشاط: Denksport BV/);
    expect(described('pl')).toMatch(/^Organizator: Denksport BV/);
    expect(described('uk')).toMatch(/^Організатор: Denksport BV/);
  });

  it('refuses a start time that is not HH:MM', () => {
    expect(() => activityCalendar(input({ startTime: '3:15' }))).toThrow(RangeError);
    expect(() => activityCalendar(input({ startTime: '24:00' }))).toThrow(RangeError);
  });
});
