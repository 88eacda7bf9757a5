import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { addDateWords, blockDateParts, dayText, timeText } from '../src/lib/dates';
import enWords from '../src/lib/date-words/en';
import nlWords from '../src/lib/date-words/nl';
import { dateRangeText, scheduleText } from '../src/components/activity-text';
import en from '../src/i18n/en.json';
import nl from '../src/i18n/nl.json';

// As the page has them once the language's texts have loaded (export-app.tsx).
addDateWords('nl', nlWords);
addDateWords('en', enWords);

async function translator(lng: 'nl' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { nl: { translation: nl }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('block date range (R-CAL-RANGE)', () => {
  it('gives the Monday of the first and the Friday of the last week, in Dutch', () => {
    expect(blockDateParts('nl', 2026, 10, 12)).toEqual({
      start: 'maandag 2 maart',
      end: 'vrijdag 20 maart',
    });
  });

  it('has an English equivalent', () => {
    expect(blockDateParts('en', 2026, 10, 12)).toEqual({
      start: 'Monday 2 March',
      end: 'Friday 20 March',
    });
  });

  it('handles week 1 that starts in the previous year', () => {
    // 2026-01-01 is a Thursday, so ISO week 1 starts on Monday 29 December 2025.
    expect(blockDateParts('nl', 2026, 1, 1)).toEqual({
      start: 'maandag 29 december',
      end: 'vrijdag 2 januari',
    });
  });

  it("reads '{weekday} {day} {month} t/m {weekday} {day} {month}' on the page", async () => {
    const today = new Date(2026, 5, 1);
    expect(dateRangeText(await translator('nl'), 'nl', { weekStart: 10, weekEnd: 12 }, today)).toBe(
      'maandag 2 maart t/m vrijdag 20 maart',
    );
    expect(dateRangeText(await translator('en'), 'en', { weekStart: 10, weekEnd: 12 }, today)).toBe(
      'Monday 2 March to Friday 20 March',
    );
  });

  it("uses the block's own year, and names it when it is not this year (R-RETENTION-YEAR)", async () => {
    const today = new Date(2026, 5, 1);
    const nl = await translator('nl');
    expect(dateRangeText(nl, 'nl', { weekStart: 10, weekEnd: 12, year: 2026 }, today)).toBe(
      'maandag 2 maart t/m vrijdag 20 maart',
    );
    expect(dateRangeText(nl, 'nl', { weekStart: 10, weekEnd: 12, year: 2027 }, today)).toBe(
      'maandag 8 maart 2027 t/m vrijdag 26 maart 2027',
    );
  });

  it('uses the year of today', async () => {
    const t = await translator('nl');
    expect(dateRangeText(t, 'nl', { weekStart: 10, weekEnd: 12 }, new Date(2027, 0, 15))).toBe(
      'maandag 8 maart t/m vrijdag 26 maart',
    );
  });
});

describe('dayText and timeText (R-LANG-DATES)', () => {
  // The page writes dates itself; Intl.DateTimeFormat with nl-NL and en-GB is the reference.
  const LOCALES = { nl: 'nl-NL', en: 'en-GB' } as const;
  const formats = new Map<string, Intl.DateTimeFormat>();
  const intl = (language: 'nl' | 'en', date: Date, style: 'long' | 'short', year: boolean) => {
    const key = `${language} ${style} ${year}`;
    let format = formats.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(LOCALES[language], {
        weekday: style,
        day: 'numeric',
        month: style,
        year: year ? 'numeric' : undefined,
      });
      formats.set(key, format);
    }
    return format.format(date);
  };

  it('writes every day of two years as Intl.DateTimeFormat does, long and short, with and without the year', () => {
    let days = 0;
    for (let d = new Date(2026, 0, 1, 12); d.getFullYear() < 2028; d.setDate(d.getDate() + 1)) {
      for (const language of ['nl', 'en'] as const) {
        for (const style of ['long', 'short'] as const) {
          for (const year of [false, true]) {
            expect(dayText(language, d, { style, year })).toBe(intl(language, d, style, year));
          }
        }
      }
      days += 1;
    }
    expect(days).toBe(730);
  });

  it('writes Dutch and English as Intl.DateTimeFormat does while their words are not loaded', async () => {
    vi.resetModules();
    const fresh = await import('../src/lib/dates');
    const monday = new Date(2026, 2, 2, 12);
    expect(fresh.dayText('nl', monday, { style: 'long' })).toBe('maandag 2 maart');
    expect(fresh.dayText('en', monday, { style: 'short', year: true })).toBe(
      intl('en', monday, 'short', true),
    );
  });

  it('reads a UTC midnight in UTC when asked, whatever the clock', () => {
    // 2026-03-02T00:00Z is still Sunday 1 March in New York, Monday in Amsterdam and in UTC.
    const midnight = new Date(Date.UTC(2026, 2, 2));
    expect(dayText('nl', midnight, { style: 'long', utc: true })).toBe('maandag 2 maart');
    expect(dayText('en', midnight, { style: 'short', utc: true })).toBe('Mon 2 Mar');
  });

  it('writes the time with two digits and a 24-hour clock, as Intl.DateTimeFormat does', () => {
    for (const [h, m] of [
      [0, 0],
      [9, 5],
      [12, 30],
      [23, 59],
    ] as const) {
      const d = new Date(2026, 10, 27, h, m);
      const reference = new Intl.DateTimeFormat('nl-NL', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(d);
      expect(timeText(d)).toBe(reference);
    }
  });
});

describe('schedule text', () => {
  // R-PUBLIC-CARD: the weekly time on a card.
  it("reads 'elke {weekday} om {startTime}' and 'every {weekday} at {startTime}'", async () => {
    expect(scheduleText(await translator('nl'), { weekday: 1, startTime: '15:30' })).toBe(
      'elke maandag om 15:30',
    );
    expect(scheduleText(await translator('en'), { weekday: 0, startTime: '09:00' })).toBe(
      'every Sunday at 09:00',
    );
    expect(scheduleText(await translator('nl'), { weekday: 6, startTime: '10:15' })).toBe(
      'elke zaterdag om 10:15',
    );
  });
});

describe('dates in Turkish, Arabic, Polish and Ukrainian (R-LANG-DATES)', () => {
  it("are Intl.DateTimeFormat's in the language, with the case the month takes", () => {
    const monday = new Date(2026, 2, 2, 12);
    expect(dayText('tr', monday, { style: 'long' })).toBe('2 Mart Pazartesi');
    expect(dayText('pl', monday, { style: 'long' })).toBe('poniedziałek, 2 marca');
    expect(dayText('uk', monday, { style: 'long' })).toBe('понеділок, 2 березня');
    expect(dayText('ar', monday, { style: 'long', year: true })).toBe('الاثنين، 2 مارس 2026');
  });

  it('writes Arabic dates with Western digits, as ar-MA does, not the Arabic-Indic ones of ar-SA', () => {
    const date = new Date(2026, 10, 27, 12);
    const text = dayText('ar', date, { style: 'short', year: true });
    expect(text).toMatch(/27/);
    expect(text).toMatch(/2026/);
    expect(text).not.toMatch(/[\u0660-\u0669]/);
    expect(new Intl.DateTimeFormat('ar-SA', { day: 'numeric' }).format(date)).toMatch(
      /[\u0660-\u0669]/,
    );
  });

  it('reads a UTC midnight in UTC when asked', () => {
    const midnight = new Date(Date.UTC(2026, 2, 2));
    expect(blockDateParts('pl', 2026, 10, 12)).toEqual({
      start: 'poniedziałek, 2 marca',
      end: 'piątek, 20 marca',
    });
    expect(dayText('tr', midnight, { style: 'long', utc: true })).toBe('2 Mart Pazartesi');
  });
});
