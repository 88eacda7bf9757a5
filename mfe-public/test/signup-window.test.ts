import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  momentParts,
  nextWindowChange,
  placesAreDrawn,
  shortHex,
  takesSignUps,
  windowState,
  type WindowOf,
  type WindowState,
} from '../src/lib/signup-window';
import { momentText, windowRangeText } from '../src/components/window-text';
import en from '../src/i18n/en.json';
import nl from '../src/i18n/nl.json';

const OPENS = '2026-11-23T09:00:00+01:00';
const CLOSES = '2026-11-27T17:00:00+01:00';
const at = (iso: string) => new Date(iso);

function block(over: Partial<WindowOf> = {}): WindowOf {
  return {
    signupOpensAt: OPENS,
    signupClosesAt: CLOSES,
    allocation: 'fcfs',
    drawPublishedAt: null,
    ...over,
  };
}

describe('windowState (R-DRAW-WINDOW)', () => {
  it('is open without a window, whatever the time', () => {
    const none = block({ signupOpensAt: null, signupClosesAt: null });
    expect(windowState(none, at('2000-01-01T00:00:00Z'))).toBe('open');
    expect(windowState(none, at('2100-01-01T00:00:00Z'))).toBe('open');
  });

  it('first come first served: not open before, open from the opening, closed from the closing', () => {
    const b = block();
    expect(windowState(b, at('2026-11-23T07:59:59.999Z'))).toBe('notOpen');
    expect(windowState(b, at('2026-11-23T08:00:00Z'))).toBe('open');
    expect(windowState(b, at('2026-11-27T15:59:59.999Z'))).toBe('open');
    // The end itself is closed, as the server has it.
    expect(windowState(b, at('2026-11-27T16:00:00Z'))).toBe('closed');
    expect(windowState(b, at('2027-01-01T00:00:00Z'))).toBe('closed');
  });

  it('a window with one end only', () => {
    expect(windowState(block({ signupClosesAt: null }), at('2030-01-01T00:00:00Z'))).toBe('open');
    expect(windowState(block({ signupClosesAt: null }), at('2026-01-01T00:00:00Z'))).toBe(
      'notOpen',
    );
    expect(windowState(block({ signupOpensAt: null }), at('2020-01-01T00:00:00Z'))).toBe('open');
    expect(windowState(block({ signupOpensAt: null }), at('2030-01-01T00:00:00Z'))).toBe('closed');
  });

  it('a lottery: not open, then the lottery window, then waiting for the draw', () => {
    const b = block({ allocation: 'lottery' });
    expect(windowState(b, at('2026-11-22T12:00:00Z'))).toBe('notOpen');
    expect(windowState(b, at('2026-11-23T08:00:00Z'))).toBe('lottery');
    expect(windowState(b, at('2026-11-27T16:00:00Z'))).toBe('awaitingDraw');
    expect(windowState(b, at('2027-06-01T00:00:00Z'))).toBe('awaitingDraw');
  });

  it('a lottery whose draw is published is first come first served again, also after closing', () => {
    const b = block({ allocation: 'lottery', drawPublishedAt: '2026-11-28T10:00:00Z' });
    expect(windowState(b, at('2026-11-28T10:00:01Z'))).toBe('drawn');
    expect(windowState(b, at('2027-06-01T00:00:00Z'))).toBe('drawn');
  });

  it('a published date on a first-come block changes nothing', () => {
    const b = block({ drawPublishedAt: '2026-11-28T10:00:00Z' });
    expect(windowState(b, at('2026-11-28T12:00:00Z'))).toBe('closed');
  });

  it('reads an end that is no date as no end', () => {
    expect(windowState(block({ signupOpensAt: 'nope' }), at('2020-01-01T00:00:00Z'))).toBe('open');
    expect(
      windowState(block({ allocation: 'lottery', drawPublishedAt: 'x' }), at('2030-01-01Z')),
    ).toBe('awaitingDraw');
  });

  it('takes sign-ups when open, in a lottery window and after the draw; the draw decides places while it is to come', () => {
    const states: WindowState[] = ['open', 'notOpen', 'closed', 'lottery', 'awaitingDraw', 'drawn'];
    expect(states.filter(takesSignUps)).toEqual(['open', 'lottery', 'drawn']);
    expect(states.filter(placesAreDrawn)).toEqual(['lottery', 'awaitingDraw']);
  });
});

describe('nextWindowChange', () => {
  it('is the first opening or closing still ahead, over all blocks', () => {
    const other = block({
      signupOpensAt: '2026-11-24T08:00:00Z',
      signupClosesAt: '2026-11-30T08:00:00Z',
    });
    const blocks = [block(), other, block({ signupOpensAt: null, signupClosesAt: null })];
    expect(nextWindowChange(blocks, at('2026-11-01T00:00:00Z'))).toBe(Date.parse(OPENS));
    expect(nextWindowChange(blocks, at('2026-11-23T08:00:00Z'))).toBe(
      Date.parse('2026-11-24T08:00:00Z'),
    );
    expect(nextWindowChange(blocks, at('2026-11-25T00:00:00Z'))).toBe(Date.parse(CLOSES));
    expect(nextWindowChange(blocks, at('2026-11-29T00:00:00Z'))).toBe(
      Date.parse('2026-11-30T08:00:00Z'),
    );
    expect(nextWindowChange(blocks, at('2026-12-01T00:00:00Z'))).toBeNull();
    expect(nextWindowChange([], at('2026-12-01T00:00:00Z'))).toBeNull();
  });
});

async function translator(lng: 'nl' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    resources: { nl: { translation: nl }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('momentParts (R-LANG-DATES)', () => {
  const now = at('2026-11-01T12:00:00Z');

  it('writes day and time on the clock (Amsterdam in these tests), long and short, in nl and en', () => {
    expect(momentParts('nl', CLOSES, { style: 'long', now })).toEqual({
      day: 'vrijdag 27 november',
      time: '17:00',
    });
    expect(momentParts('nl', CLOSES, { style: 'short', now })).toEqual({
      day: 'vr 27 nov',
      time: '17:00',
    });
    expect(momentParts('en', CLOSES, { style: 'long', now })).toEqual({
      day: 'Friday 27 November',
      time: '17:00',
    });
    expect(momentParts('en', CLOSES, { style: 'short', now })).toEqual({
      day: 'Fri 27 Nov',
      time: '17:00',
    });
  });

  it("follows the clock's summer time, and midnight is 00:00 on the next day", () => {
    expect(momentParts('nl', '2026-03-29T01:30:00Z', { style: 'long', now })).toEqual({
      day: 'zondag 29 maart',
      time: '03:30',
    });
    expect(momentParts('nl', '2026-11-26T23:00:00Z', { style: 'short', now })).toEqual({
      day: 'vr 27 nov',
      time: '00:00',
    });
  });

  it("adds the year only when it is not now's", () => {
    expect(momentParts('nl', '2027-01-08T08:00:00Z', { style: 'long', now })?.day).toBe(
      'vrijdag 8 januari 2027',
    );
    expect(momentParts('en', '2027-01-08T08:00:00Z', { style: 'short', now })?.day).toBe(
      'Fri, 8 Jan 2027',
    );
  });

  it('is null for no date', () => {
    expect(momentParts('nl', null, { style: 'long', now })).toBeNull();
    expect(momentParts('nl', 'nope', { style: 'long', now })).toBeNull();
  });

  it('reads as a sentence in both languages', async () => {
    expect(momentText(await translator('nl'), 'nl', CLOSES, { style: 'long', now })).toBe(
      'vrijdag 27 november om 17:00',
    );
    expect(momentText(await translator('en'), 'en', CLOSES, { style: 'long', now })).toBe(
      'Friday 27 November at 17:00',
    );
    expect(momentText(await translator('en'), 'en', null, { style: 'long', now })).toBe('');
  });
});

describe('windowRangeText', () => {
  const now = at('2026-11-01T12:00:00Z');

  it('gives both ends, one of them, or nothing', async () => {
    const t = await translator('nl');
    expect(windowRangeText(t, 'nl', block(), now)).toMatch(
      /^\S+ \d+ nov \d\d:\d\d t\/m \S+ \d+ nov \d\d:\d\d$/,
    );
    expect(windowRangeText(t, 'nl', block({ signupClosesAt: null }), now)).toMatch(/^vanaf /);
    expect(windowRangeText(t, 'nl', block({ signupOpensAt: null }), now)).toMatch(/^tot /);
    expect(
      windowRangeText(t, 'nl', block({ signupOpensAt: null, signupClosesAt: null }), now),
    ).toBeNull();
    const tEn = await translator('en');
    expect(windowRangeText(tEn, 'en', block(), now)).toMatch(/ to /);
  });

  it('writes both ends on the clock, and a window within one day with its day once', async () => {
    expect(windowRangeText(await translator('nl'), 'nl', block(), now)).toBe(
      'ma 23 nov 09:00 t/m vr 27 nov 17:00',
    );
    const oneDay = block({
      signupOpensAt: '2026-11-23T09:00:00+01:00',
      signupClosesAt: '2026-11-23T17:30:00+01:00',
    });
    expect(windowRangeText(await translator('nl'), 'nl', oneDay, now)).toBe(
      'ma 23 nov 09:00 t/m 17:30',
    );
    expect(windowRangeText(await translator('en'), 'en', oneDay, now)).toBe(
      'Mon 23 Nov 09:00 to 17:30',
    );
    expect(windowRangeText(await translator('en'), 'en', block({ signupOpensAt: null }), now)).toBe(
      'until Fri 27 Nov 17:00',
    );
  });
});

describe('shortHex (R-DRAW-COMMIT)', () => {
  it('keeps the first and last eight characters of a long value', () => {
    const hash = 'a'.repeat(8) + 'b'.repeat(48) + 'c'.repeat(8);
    expect(shortHex(hash)).toBe('aaaaaaaa…cccccccc');
    expect(shortHex('0123456789abcdef0')).toBe('0123456789abcdef0');
    expect(shortHex('0123456789abcdef01')).toBe('01234567…abcdef01');
  });
});
