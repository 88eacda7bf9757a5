import { describe, expect, it } from 'vitest';
import { activitySchema, blockSchema } from '../src/catalog.js';

const activity = {
  title: 'Judo',
  capacity: 10,
  weekday: 3,
  startTime: '15:00',
  schoolId: 1,
  blockId: 2,
  providerId: 3,
};

describe('whole numbers in bodies', () => {
  it('takes numbers and digit strings', () => {
    expect(activitySchema.parse({ ...activity, weekday: '0', capacity: '12' })).toMatchObject({
      weekday: 0,
      capacity: 12,
    });
  });
  it('refuses booleans, arrays, empty strings and exponents instead of turning them into numbers', () => {
    for (const weekday of [true, [], '', '2e0', null, 1.5]) {
      expect(
        activitySchema.safeParse({ ...activity, weekday }).success,
        JSON.stringify(weekday),
      ).toBe(false);
    }
    expect(blockSchema.safeParse({ name: 'B', weekStart: true, weekEnd: 3 }).success).toBe(false);
  });
  it('keeps the range messages', () => {
    const r = activitySchema.safeParse({ ...activity, capacity: 0, weekday: 9 });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message).sort()).toEqual(['capacityMin1', 'weekdayRange']);
  });
});
