// R-CATALOG-BLOCKS-SCREEN, R-DRAW-WINDOW: the block form's window and allocation, validated with
// the contracts' blockSchema the way the form does it.
import { describe, expect, it } from 'vitest';
import { blockSchema, VALIDATION_MESSAGES } from '@nsa/contracts';
import type { BlockView } from '../../src/catalog/api/blocks';
import {
  blockFormInput,
  blockFormValues,
  drawStage,
  shiftedWindowEnds,
  type BlockFormValues,
} from '../../src/catalog/lib/block-form';
import { validate } from '../../src/shared/lib/validation';

const AMS = 'Europe/Amsterdam';
/** The Dutch text of a contracts validation key. */
const nl = (key: string) => VALIDATION_MESSAGES[key]!.nl;

const base: BlockView = {
  id: 3,
  name: 'Voorjaar',
  weekStart: 10,
  weekEnd: 15,
  year: 2026,
  signupOpensAt: null,
  signupClosesAt: null,
  allocation: 'fcfs',
  seedHash: null,
  seed: null,
  drawPublishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const lottery: BlockView = {
  ...base,
  signupOpensAt: '2026-03-01T08:00:00.000Z',
  signupClosesAt: '2026-03-29T16:00:00.000Z',
  allocation: 'lottery',
  seedHash: 'a'.repeat(64),
  seed: null,
  drawPublishedAt: null,
};

const values = (overrides: Partial<BlockFormValues> = {}): BlockFormValues => ({
  ...blockFormValues(base, AMS),
  ...overrides,
});

const check = (v: BlockFormValues) => validate(blockSchema, blockFormInput(v, AMS), 'nl');

describe('block form values', () => {
  it('a new block: empty, no window, first come first served', () => {
    expect(blockFormValues(null, AMS)).toEqual({
      name: '',
      weekStart: '',
      weekEnd: '',
      year: String(new Date().getFullYear()),
      signupOpensAt: '',
      signupClosesAt: '',
      allocation: 'fcfs',
    });
  });

  it('a block from before the window (no window fields at all) is first come first served', () => {
    expect(blockFormValues(base, AMS)).toMatchObject({
      signupOpensAt: '',
      signupClosesAt: '',
      allocation: 'fcfs',
    });
  });

  it("a lottery block's window on the Amsterdam clock: winter time, then summer time", () => {
    expect(blockFormValues(lottery, AMS)).toMatchObject({
      signupOpensAt: '2026-03-01T09:00',
      signupClosesAt: '2026-03-29T18:00',
      allocation: 'lottery',
    });
  });

  it('round-trips a lottery block to the same instants, each with its own offset', () => {
    const result = check(blockFormValues(lottery, AMS));
    expect(result).toEqual({
      ok: true,
      data: {
        name: 'Voorjaar',
        weekStart: 10,
        weekEnd: 15,
        year: 2026,
        signupOpensAt: '2026-03-01T09:00:00+01:00',
        signupClosesAt: '2026-03-29T18:00:00+02:00',
        allocation: 'lottery',
      },
    });
    if (result.ok) {
      expect(Date.parse(result.data.signupOpensAt!)).toBe(Date.parse(lottery.signupOpensAt!));
      expect(Date.parse(result.data.signupClosesAt!)).toBe(Date.parse(lottery.signupClosesAt!));
    }
  });

  it('an empty window end is null, and blank weeks are missing rather than week 0', () => {
    expect(blockFormInput(values({ signupOpensAt: ' ', weekStart: '' }), AMS)).toMatchObject({
      weekStart: undefined,
      signupOpensAt: null,
      signupClosesAt: null,
    });
    expect(check(values({ signupClosesAt: '2026-03-29T18:00' }))).toMatchObject({
      ok: true,
      data: {
        signupOpensAt: null,
        signupClosesAt: '2026-03-29T18:00:00+02:00',
        allocation: 'fcfs',
      },
    });
  });
});

describe('block form validation (blockSchema, in the UI language)', () => {
  it('a lottery needs both ends of the window, shown under the allocation', () => {
    const result = check(values({ allocation: 'lottery', signupOpensAt: '2026-03-01T09:00' }));
    expect(result).toEqual({ ok: false, errors: { allocation: nl('lotteryNeedsWindow') } });
  });

  it('sign-up must close after it opens, shown under the closing time', () => {
    const same = check(
      values({ signupOpensAt: '2026-03-01T09:00', signupClosesAt: '2026-03-01T09:00' }),
    );
    expect(same).toEqual({ ok: false, errors: { signupClosesAt: nl('closesBeforeOpens') } });
    const before = check(
      values({ signupOpensAt: '2026-03-02T09:00', signupClosesAt: '2026-03-01T09:00' }),
    );
    expect(before.ok).toBe(false);
  });

  it('compares instants, not wall-clock text: 02:30 twice on 25 October is one instant', () => {
    // 02:30 is read as the first 02:30 (summer time), so 02:45 is after it.
    expect(
      check(values({ signupOpensAt: '2026-10-25T02:30', signupClosesAt: '2026-10-25T02:45' })).ok,
    ).toBe(true);
    // 03:00 winter time is 90 minutes after the first 02:30.
    expect(
      check(values({ signupOpensAt: '2026-10-25T02:30', signupClosesAt: '2026-10-25T03:00' })).ok,
    ).toBe(true);
  });

  it('a value that is no date and time is refused as such', () => {
    expect(check(values({ signupOpensAt: '2026-02-30T09:00' }))).toEqual({
      ok: false,
      errors: { signupOpensAt: nl('dateTimeInvalid') },
    });
  });
});

describe('shiftedWindowEnds', () => {
  it('names a window end in the hour the clocks skip, with the time it becomes', () => {
    expect(
      shiftedWindowEnds(
        values({ signupOpensAt: '2026-03-29T02:30', signupClosesAt: '2026-03-29T03:30' }),
        AMS,
      ),
    ).toEqual({ signupOpensAt: '03:30' });
    expect(shiftedWindowEnds(values({ signupOpensAt: '2026-10-25T02:30' }), AMS)).toEqual({});
    expect(shiftedWindowEnds(values(), AMS)).toEqual({});
  });
});

describe('drawStage (R-DRAW-WINDOW, R-DRAW-PUBLISH)', () => {
  const at = (iso: string) => new Date(iso);

  it('first come first served has no draw, with or without a window', () => {
    expect(drawStage(base, at('2026-03-10T00:00:00Z'))).toBe('fcfs');
    expect(drawStage({ ...lottery, allocation: 'fcfs' }, at('2026-03-10T00:00:00Z'))).toBe('fcfs');
  });

  it('a lottery without both ends of its window', () => {
    expect(drawStage({ ...lottery, signupClosesAt: null }, at('2026-03-10T00:00:00Z'))).toBe(
      'noWindow',
    );
  });

  it('before, during and after the window; the closing instant itself is closed', () => {
    expect(drawStage(lottery, at('2026-03-01T07:59:59Z'))).toBe('beforeOpen');
    expect(drawStage(lottery, at('2026-03-01T08:00:00Z'))).toBe('open');
    expect(drawStage(lottery, at('2026-03-29T15:59:59Z'))).toBe('open');
    expect(drawStage(lottery, at('2026-03-29T16:00:00Z'))).toBe('closed');
  });

  it('published once the draw is', () => {
    expect(
      drawStage(
        { ...lottery, drawPublishedAt: '2026-03-30T10:00:00Z' },
        at('2026-03-30T11:00:00Z'),
      ),
    ).toBe('published');
  });
});
