import { describe, expect, it } from 'vitest';
import { SCHOOL_TOKEN_PATTERN, type ActivityView } from '@nsa/contracts';
import { isSchoolToken, SCHOOL_TOKEN } from '../src/api/school';
import {
  assertSameSchool,
  INVALID_DATA_MESSAGE,
  parseActivityId,
  parseBlockId,
  visibleActivities,
} from '../src/lib/activities';

function activity(
  id: number,
  over: Partial<ActivityView> = {},
  block = { weekStart: 10, weekEnd: 12 },
): ActivityView {
  return {
    id,
    title: `Activiteit ${id}`,
    capacity: 10,
    weekday: 1,
    startTime: '15:00',
    schoolId: 1,
    blockId: block.weekStart,
    providerId: 1,
    isLocked: false,
    isHidden: false,
    school: { id: 1, name: 'De Regenboog' },
    block: {
      id: block.weekStart,
      name: `Blok ${block.weekStart}`,
      ...block,
      signupOpensAt: null,
      signupClosesAt: null,
      allocation: 'fcfs',
      seedHash: null,
      seed: null,
      drawPublishedAt: null,
    },
    provider: { id: 1, name: 'Sportclub' },
    approvedCount: 0,
    offeredCount: 0,
    waitlistCount: 0,
    registrationsCount: 0,
    availablePlaces: 10,
    week: block.weekStart,
    weeks: [],
    ...over,
  };
}

describe('visibleActivities', () => {
  // 2026-03-30 is in week ceil(88/7) = 13 by R-CAL-CURRENT-WEEK's count.
  const today = new Date(2026, 2, 30);
  const past = activity(1, {}, { weekStart: 2, weekEnd: 5 });
  const endsLastWeek = activity(2, {}, { weekStart: 10, weekEnd: 12 });
  const endsThisWeek = activity(3, {}, { weekStart: 11, weekEnd: 13 });
  const future = activity(4, {}, { weekStart: 20, weekEnd: 24 });

  // R-PUBLIC-PAST: the switch starts on showing past activities.
  it('shows past activities when the toggle is on (the default), after the others', () => {
    expect(
      visibleActivities([future, past, endsThisWeek, endsLastWeek], { showPast: true, today }).map(
        (a) => a.id,
      ),
    ).toEqual([3, 4, 1, 2]);
  });

  // R-PUBLIC-PAST
  it('hides activities whose block ended before the current week when the toggle is off', () => {
    expect(
      visibleActivities([future, past, endsThisWeek, endsLastWeek], { showPast: false, today }).map(
        (a) => a.id,
      ),
    ).toEqual([3, 4]);
  });

  // R-SIGNUP-HIDDEN
  it('never shows a hidden activity', () => {
    expect(visibleActivities([activity(5, { isHidden: true })], { showPast: true, today })).toEqual(
      [],
    );
  });

  it('orders by block, then Monday-first weekday, then time', () => {
    const list = [
      activity(1, { weekday: 0 }),
      activity(2, { weekday: 3, startTime: '14:00' }),
      activity(3, { weekday: 1, startTime: '16:00' }),
      activity(4, { weekday: 1, startTime: '15:00' }),
      activity(5, {}, { weekStart: 2, weekEnd: 4 }),
    ];
    expect(
      visibleActivities(list, { showPast: true, today: new Date(2026, 0, 5) }).map((a) => a.id),
    ).toEqual([5, 4, 3, 2, 1]);
  });

  it('orders activities at the same time by title, the Dutch way (not by character code)', () => {
    const list = [
      activity(1, { title: 'Zwemmen' }),
      activity(2, { title: 'beeldhouwen' }),
      activity(3, { title: 'Écoles de danse' }),
      activity(4, { title: 'Atletiek' }),
    ];
    expect(
      visibleActivities(list, { showPast: true, today: new Date(2026, 0, 5) }).map((a) => a.id),
    ).toEqual([4, 2, 3, 1]);
  });

  it('does not change the list it was given', () => {
    const list = [future, past];
    visibleActivities(list, { showPast: true, today });
    expect(list.map((a) => a.id)).toEqual([4, 1]);
  });
});

describe('assertSameSchool (R-PUBLIC-SAME-SCHOOL)', () => {
  it('passes a list of the school', () => {
    const list = [activity(1), activity(2)];
    expect(assertSameSchool(list, 1)).toBe(list);
  });

  it("raises 'Invalid data received from server' for another school's activity", () => {
    expect(() => assertSameSchool([activity(1), activity(2, { schoolId: 2 })], 1)).toThrow(
      INVALID_DATA_MESSAGE,
    );
  });

  it('raises it for something that is not a list', () => {
    expect(() => assertSameSchool({ data: [] }, 1)).toThrow(INVALID_DATA_MESSAGE);
    expect(() => assertSameSchool([null], 1)).toThrow(INVALID_DATA_MESSAGE);
  });
});

describe('query string options', () => {
  it('accepts only positive integer ids', () => {
    expect(parseBlockId('3')).toBe('3');
    expect(parseBlockId(null)).toBe('');
    expect(parseBlockId('0')).toBe('');
    expect(parseBlockId('3; drop')).toBe('');
    expect(parseActivityId('12')).toBe(12);
    expect(parseActivityId('-1')).toBeNull();
    expect(parseActivityId('abc')).toBeNull();
  });
});

describe('school token check', () => {
  it('is the pattern of @nsa/contracts', () => {
    expect(SCHOOL_TOKEN.source).toBe(SCHOOL_TOKEN_PATTERN.source);
    expect(SCHOOL_TOKEN.flags).toBe(SCHOOL_TOKEN_PATTERN.flags);
  });

  it('accepts exactly 32 lowercase hexadecimal characters', () => {
    expect(isSchoolToken('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(isSchoolToken('0123456789ABCDEF0123456789ABCDEF')).toBe(false);
    expect(isSchoolToken('0123456789abcdef0123456789abcde')).toBe(false);
    expect(isSchoolToken('0123456789abcdef0123456789abcdef0')).toBe(false);
    expect(isSchoolToken('0123456789abcdef0123456789abcdeg')).toBe(false);
    expect(isSchoolToken('')).toBe(false);
  });
});
