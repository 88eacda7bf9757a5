import { describe, expect, it } from 'vitest';
import {
  ageInYears,
  blockDateRange,
  currentWeekNumber,
  isPastBlock,
  isValidIsoDate,
  isoWeekDay,
  isoWeekMonday,
  isoWeekYearOfDay,
  isoWeeksInYear,
} from '../src/dates.js';

const day = (iso: string) => new Date(`${iso}T12:00:00`);

describe('ISO weeks', () => {
  it('puts week 1 on the Monday of the week holding 4 January', () => {
    expect(isoWeekMonday(2026, 1).toISOString().slice(0, 10)).toBe('2025-12-29');
    expect(isoWeekMonday(2027, 1).toISOString().slice(0, 10)).toBe('2027-01-04');
    expect(isoWeekMonday(2021, 1).toISOString().slice(0, 10)).toBe('2021-01-04');
  });
  it('knows years with 53 weeks', () => {
    expect(isoWeeksInYear(2020)).toBe(53);
    expect(isoWeeksInYear(2026)).toBe(53);
    expect(isoWeeksInYear(2025)).toBe(52);
    expect(isoWeekMonday(2020, 53).toISOString().slice(0, 10)).toBe('2020-12-28');
  });
  it('gives a weekday of a week, a Sunday being the last day of its week (R-CAL-WEEKS)', () => {
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    expect(iso(isoWeekDay(2026, 1, 1))).toBe('2025-12-29');
    expect(iso(isoWeekDay(2026, 1, 3))).toBe('2025-12-31');
    expect(iso(isoWeekDay(2026, 53, 5))).toBe('2027-01-01');
    expect(iso(isoWeekDay(2026, 53, 0))).toBe('2027-01-03');
    expect(iso(isoWeekDay(2026, 10, 6))).toBe('2026-03-07');
  });
  it('puts a day in the week-year its week’s Thursday is in', () => {
    expect(isoWeekYearOfDay(2025, 12, 28)).toBe(2025);
    expect(isoWeekYearOfDay(2025, 12, 29)).toBe(2026);
    expect(isoWeekYearOfDay(2027, 1, 3)).toBe(2026);
    expect(isoWeekYearOfDay(2027, 1, 4)).toBe(2027);
    expect(isoWeekYearOfDay(2021, 1, 3)).toBe(2020);
  });
  it('ends a block on the Friday of its last week', () => {
    const r = blockDateRange(2026, 10, 12);
    expect(r.start.toISOString().slice(0, 10)).toBe('2026-03-02');
    expect(r.end.toISOString().slice(0, 10)).toBe('2026-03-20');
  });
});

describe('current week and past blocks (R-CAL-CURRENT-WEEK, R-CAL-PAST)', () => {
  it('is the ceiling of elapsed weeks since 1 January', () => {
    expect(currentWeekNumber(day('2026-01-01'))).toBe(1);
    expect(currentWeekNumber(day('2026-01-08'))).toBe(1);
    expect(currentWeekNumber(day('2026-01-09'))).toBe(2);
    expect(currentWeekNumber(day('2026-11-22'))).toBe(47);
  });
  it('calls a block past when its last week is before the current week', () => {
    expect(isPastBlock(46, day('2026-11-22'))).toBe(true);
    expect(isPastBlock(47, day('2026-11-22'))).toBe(false);
  });
});

describe('age in whole years', () => {
  const today = day('2026-11-22');
  it('turns 3 on the third birthday, not the day before', () => {
    expect(ageInYears('2023-11-22', today)).toBe(3);
    expect(ageInYears('2023-11-23', today)).toBe(2);
  });
  it('turns 19 on the 19th birthday', () => {
    expect(ageInYears('2007-11-22', today)).toBe(19);
    expect(ageInYears('2007-11-23', today)).toBe(18);
  });
  it('is 0 without a birth date', () => {
    expect(ageInYears(null, today)).toBe(0);
  });
  it('validates calendar dates', () => {
    expect(isValidIsoDate('2020-02-29')).toBe(true);
    expect(isValidIsoDate('2021-02-29')).toBe(false);
    expect(isValidIsoDate('29-02-2020')).toBe(false);
    expect(isValidIsoDate('2026-02-30')).toBe(false);
    expect(isValidIsoDate('2026-13-01')).toBe(false);
    expect(isValidIsoDate('2026-1-01')).toBe(false);
    expect(isValidIsoDate('0099-12-31')).toBe(true);
  });
});
