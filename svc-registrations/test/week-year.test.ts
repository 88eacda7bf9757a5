import { isoWeekYear } from '@nsa/calendar';
import { describe, expect, it } from 'vitest';
import { weekYearOf } from '../src/domain/signup.js';

describe('the week-year a sign-up names', () => {
  it('is isoWeekYear of the moment, also across the change of week-year at Amsterdam midnight', () => {
    // Monday 30 December 2024 00:00 in Amsterdam (23:00 UTC the day before) begins week 1 of 2025.
    const instants = [
      '2024-12-29T21:59:59Z',
      '2024-12-29T22:59:59.999Z',
      '2024-12-29T23:00:00Z',
      '2024-12-29T23:30:00Z',
      '2024-12-29T22:10:00Z',
      // Summer time: midnight in Amsterdam is 22:00 UTC.
      '2026-06-30T21:59:59Z',
      '2026-06-30T22:00:00Z',
      '2027-01-03T22:59:59Z',
      '2027-01-03T23:00:00Z',
    ].map((s) => new Date(s));
    for (const at of instants) expect(weekYearOf(at), at.toISOString()).toBe(isoWeekYear(at));
    expect(weekYearOf(new Date('2024-12-29T22:59:59.999Z'))).toBe(2024);
    expect(weekYearOf(new Date('2024-12-29T23:00:00Z'))).toBe(2025);
  });
});
