import { describe, expect, it } from 'vitest';
import { isPastBlock, isoYearOf } from '../src/dates.js';

const day = (s: string) => new Date(`${s}T12:00:00`);

describe('a block of an earlier year is past as a whole (R-RETENTION-YEAR)', () => {
  it('is past for any week of an earlier year, never for a later year, by weeks in its own year', () => {
    expect(isPastBlock(52, day('2026-03-02'), 2025)).toBe(true);
    expect(isPastBlock(1, day('2026-12-20'), 2027)).toBe(false);
    expect(isPastBlock(46, day('2026-11-22'), 2026)).toBe(true);
    expect(isPastBlock(47, day('2026-11-22'), 2026)).toBe(false);
    expect(isPastBlock(46, day('2026-11-22'))).toBe(true);
  });

  it('gives the ISO week-year of a day, across the new year', () => {
    expect(isoYearOf(day('2026-06-01'))).toBe(2026);
    expect(isoYearOf(day('2027-01-01'))).toBe(2026);
    expect(isoYearOf(day('2025-12-29'))).toBe(2026);
  });
});
