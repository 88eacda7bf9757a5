// R-DRAW-WINDOW: the sign-up window is typed as the admin's wall-clock time and sent as ISO 8601
// with that day's offset. Europe/Amsterdam changes offset twice a year, which is where this goes
// wrong: 29 March 2026 has no 02:00-02:59, and 25 October 2026 has it twice.
import { describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToMoment } from '../../src/catalog/lib/local-datetime';

const AMS = 'Europe/Amsterdam';
const QUARTER_MS = 15 * 60_000;

/** The ISO text of the moment a datetime-local value names, or null. */
const localInputToIso = (value: string, timeZone: string) =>
  localInputToMoment(value, timeZone)?.iso ?? null;

describe('localInputToIso in Europe/Amsterdam', () => {
  it('uses +01:00 in winter and +02:00 in summer', () => {
    expect(localInputToIso('2026-01-15T09:00', AMS)).toBe('2026-01-15T09:00:00+01:00');
    expect(localInputToIso('2026-07-01T18:30', AMS)).toBe('2026-07-01T18:30:00+02:00');
  });

  it('keeps seconds when the input has them', () => {
    expect(localInputToIso('2026-07-01T18:30:15', AMS)).toBe('2026-07-01T18:30:15+02:00');
    expect(localInputToIso('2026-07-01T18:30:15.250', AMS)).toBe('2026-07-01T18:30:15+02:00');
  });

  it('spring forward (29 March 2026): the last minute of winter time and the first of summer', () => {
    expect(localInputToMoment('2026-03-29T01:59', AMS)).toEqual({
      iso: '2026-03-29T01:59:00+01:00',
      shifted: false,
    });
    expect(localInputToMoment('2026-03-29T03:00', AMS)).toEqual({
      iso: '2026-03-29T03:00:00+02:00',
      shifted: false,
    });
  });

  it('spring forward: a time in the missing hour moves forward by the hour, and says so', () => {
    expect(localInputToMoment('2026-03-29T02:00', AMS)).toEqual({
      iso: '2026-03-29T03:00:00+02:00',
      shifted: true,
    });
    expect(localInputToMoment('2026-03-29T02:30', AMS)).toEqual({
      iso: '2026-03-29T03:30:00+02:00',
      shifted: true,
    });
    expect(localInputToMoment('2026-03-29T02:59', AMS)).toEqual({
      iso: '2026-03-29T03:59:00+02:00',
      shifted: true,
    });
  });

  it('fall back (25 October 2026): the hour that happens twice is the first one, on summer time', () => {
    expect(localInputToIso('2026-10-25T01:59', AMS)).toBe('2026-10-25T01:59:00+02:00');
    expect(localInputToMoment('2026-10-25T02:00', AMS)).toEqual({
      iso: '2026-10-25T02:00:00+02:00',
      shifted: false,
    });
    expect(localInputToIso('2026-10-25T02:30', AMS)).toBe('2026-10-25T02:30:00+02:00');
    expect(localInputToIso('2026-10-25T02:59', AMS)).toBe('2026-10-25T02:59:00+02:00');
    expect(localInputToIso('2026-10-25T03:00', AMS)).toBe('2026-10-25T03:00:00+01:00');
  });

  it('the day before and after a change keeps its own offset all day', () => {
    expect(localInputToIso('2026-03-28T23:59', AMS)).toBe('2026-03-28T23:59:00+01:00');
    expect(localInputToIso('2026-03-30T00:00', AMS)).toBe('2026-03-30T00:00:00+02:00');
    expect(localInputToIso('2026-10-24T23:59', AMS)).toBe('2026-10-24T23:59:00+02:00');
    expect(localInputToIso('2026-10-26T00:00', AMS)).toBe('2026-10-26T00:00:00+01:00');
  });

  it('names the same instant as UTC says it should', () => {
    expect(Date.parse(localInputToIso('2026-03-29T03:00', AMS)!)).toBe(
      Date.parse('2026-03-29T01:00:00Z'),
    );
    expect(Date.parse(localInputToIso('2026-10-25T02:30', AMS)!)).toBe(
      Date.parse('2026-10-25T00:30:00Z'),
    );
    expect(Date.parse(localInputToIso('2026-12-31T23:30', AMS)!)).toBe(
      Date.parse('2026-12-31T22:30:00Z'),
    );
  });

  it('refuses what is not a datetime-local value or not a real date', () => {
    for (const bad of [
      '',
      'morgen',
      '2026-02-29T10:00',
      '2026-04-31T10:00',
      '2026-13-01T10:00',
      '2026-01-01T24:00',
      '2026-01-01T10:60',
      '2026-01-01 10:00',
      '2026-01-01T10:00Z',
      '2026-01-01T10:00+01:00',
    ]) {
      expect(localInputToIso(bad, AMS), bad).toBeNull();
    }
    expect(localInputToIso('2028-02-29T10:00', AMS)).toBe('2028-02-29T10:00:00+01:00');
  });
});

describe('localInputToIso in other zones', () => {
  it('negative, half-hour and zero offsets', () => {
    expect(localInputToIso('2026-01-15T09:00', 'America/New_York')).toBe(
      '2026-01-15T09:00:00-05:00',
    );
    expect(localInputToIso('2026-07-15T09:00', 'America/New_York')).toBe(
      '2026-07-15T09:00:00-04:00',
    );
    expect(localInputToIso('2026-07-15T09:00', 'Asia/Kolkata')).toBe('2026-07-15T09:00:00+05:30');
    expect(localInputToIso('2026-07-15T09:00', 'UTC')).toBe('2026-07-15T09:00:00+00:00');
  });

  it('New York spring forward (8 March 2026) and fall back (1 November 2026)', () => {
    expect(localInputToMoment('2026-03-08T02:30', 'America/New_York')).toEqual({
      iso: '2026-03-08T03:30:00-04:00',
      shifted: true,
    });
    expect(localInputToIso('2026-11-01T01:30', 'America/New_York')).toBe(
      '2026-11-01T01:30:00-04:00',
    );
  });

  it('a half-hour daylight-saving change (Lord Howe Island, 5 April 2026)', () => {
    expect(localInputToIso('2026-04-05T01:45', 'Australia/Lord_Howe')).toBe(
      '2026-04-05T01:45:00+11:00',
    );
    expect(localInputToIso('2026-04-05T02:00', 'Australia/Lord_Howe')).toBe(
      '2026-04-05T02:00:00+10:30',
    );
  });
});

describe('isoToLocalInput in Europe/Amsterdam', () => {
  it('shows an instant on the admin clock, whatever offset it came with', () => {
    expect(isoToLocalInput('2026-01-15T08:00:00.000Z', AMS)).toBe('2026-01-15T09:00');
    expect(isoToLocalInput('2026-07-01T16:30:00Z', AMS)).toBe('2026-07-01T18:30');
    expect(isoToLocalInput('2026-07-01T18:30:00+02:00', AMS)).toBe('2026-07-01T18:30');
    expect(isoToLocalInput('2026-07-01T12:30:00-04:00', AMS)).toBe('2026-07-01T18:30');
    expect(isoToLocalInput('2026-07-01T16:30:15Z', AMS)).toBe('2026-07-01T18:30:15');
  });

  it('both 02:30s of 25 October 2026, and the hour after spring forward', () => {
    expect(isoToLocalInput('2026-10-25T00:30:00Z', AMS)).toBe('2026-10-25T02:30');
    expect(isoToLocalInput('2026-10-25T01:30:00Z', AMS)).toBe('2026-10-25T02:30');
    expect(isoToLocalInput('2026-03-29T00:59:00Z', AMS)).toBe('2026-03-29T01:59');
    expect(isoToLocalInput('2026-03-29T01:00:00Z', AMS)).toBe('2026-03-29T03:00');
  });

  it('over the new year', () => {
    expect(isoToLocalInput('2026-12-31T23:30:00Z', AMS)).toBe('2027-01-01T00:30');
  });

  it('nothing for none or nonsense', () => {
    expect(isoToLocalInput(null, AMS)).toBe('');
    expect(isoToLocalInput(undefined, AMS)).toBe('');
    expect(isoToLocalInput('', AMS)).toBe('');
    expect(isoToLocalInput('not a date', AMS)).toBe('');
  });
});

describe('round trips over both change days, every quarter of an hour', () => {
  const days = [
    ['2026-03-28T12:00:00Z', '2026-03-30T12:00:00Z'],
    ['2026-10-24T12:00:00Z', '2026-10-26T12:00:00Z'],
  ] as const;

  it('instant -> input -> instant is the same instant, except the second pass of 02:xx in October', () => {
    for (const [from, to] of days) {
      for (let ms = Date.parse(from); ms <= Date.parse(to); ms += QUARTER_MS) {
        const input = isoToLocalInput(new Date(ms).toISOString(), AMS);
        const back = Date.parse(localInputToIso(input, AMS)!);
        const secondPass =
          ms >= Date.parse('2026-10-25T01:00:00Z') && ms < Date.parse('2026-10-25T02:00:00Z');
        // The repeated hour's second pass reads back as its first: an hour earlier.
        expect(back, input).toBe(secondPass ? ms - 60 * 60_000 : ms);
      }
    }
  });

  it('input -> instant -> input is the same text, except in the missing hour of March', () => {
    for (const day of ['2026-03-29', '2026-10-25']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
        const mm = String(minutes % 60).padStart(2, '0');
        const input = `${day}T${hh}:${mm}`;
        const moment = localInputToMoment(input, AMS)!;
        const missing = day === '2026-03-29' && hh === '02';
        expect(moment.shifted, input).toBe(missing);
        const expected = missing ? `${day}T03:${mm}` : input;
        expect(isoToLocalInput(moment.iso, AMS), input).toBe(expected);
      }
    }
  });
});
