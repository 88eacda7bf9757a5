// The opening evening of the draw benchmark (src/benchmarks/draw-plan.ts), without a stack:
// the sizes asked for, and sign-ups the product takes (no child twice in one activity or at
// one time twice, children of one family told apart, ages and groups it accepts).
import { expect, test } from 'vitest';
import { ageInYears, CHILD_GROUPS, MAX_AGE, MIN_AGE } from '@nsa/contracts';
import { drawPlan } from '../src/benchmarks/draw-plan.js';

test('300 activities, 3,000 families and exactly 5,000 entries the sign-up path takes', () => {
  const plan = drawPlan({ schools: 6, activities: 300, families: 3000, entries: 5000 });
  expect(plan.activities).toHaveLength(300);
  expect(plan.families).toHaveLength(3000);
  const children = plan.families.flatMap((f) => f.children);
  expect(children.reduce((n, c) => n + c.choices.length, 0)).toBe(5000);
  expect(plan.entries).toBe(5000);
  for (const a of plan.activities) {
    expect(a.capacity).toBeGreaterThanOrEqual(8);
    expect(a.capacity).toBeLessThanOrEqual(25);
    expect(a.weekday).toBeGreaterThanOrEqual(1);
    expect(a.weekday).toBeLessThanOrEqual(5);
  }
  expect(new Set(plan.families.map((f) => f.email)).size).toBe(3000);
  for (const f of plan.families) {
    expect(f.children.length).toBeGreaterThanOrEqual(1);
    expect(f.children.length).toBeLessThanOrEqual(3);
    expect(new Set(f.children.map((c) => c.firstName)).size).toBe(f.children.length);
    for (const c of f.children) {
      expect(c.choices.length).toBeGreaterThanOrEqual(1);
      expect(c.choices.length).toBeLessThanOrEqual(4);
      const slots = c.choices.map((i) => plan.activities[i]!);
      expect(slots.every((a) => a.school === f.school)).toBe(true);
      expect(new Set(slots.map((a) => `${a.weekday} ${a.startTime}`)).size).toBe(slots.length);
      const age = ageInYears(c.dateOfBirth, new Date());
      expect(age).toBeGreaterThanOrEqual(MIN_AGE);
      expect(age).toBeLessThanOrEqual(MAX_AGE);
      expect(CHILD_GROUPS).toContain(c.group);
    }
  }
  // Families with siblings, and siblings who want the same activity.
  expect(plan.families.filter((f) => f.children.length > 1).length).toBeGreaterThan(500);
  expect(
    plan.families.filter(
      (f) => f.children.length > 1 && f.children[1]!.choices[0] === f.children[0]!.choices[0],
    ).length,
  ).toBeGreaterThan(100);
  // Oversubscribed somewhere, and undersubscribed elsewhere: a draw with winners and losers.
  const demand = new Map<number, number>();
  for (const c of children) for (const i of c.choices) demand.set(i, (demand.get(i) ?? 0) + 1);
  const ratios = plan.activities.map((a, i) => (demand.get(i) ?? 0) / a.capacity);
  expect(Math.max(...ratios)).toBeGreaterThan(2);
  expect(Math.min(...ratios)).toBeLessThan(1);
});

test('the same plan every run', () => {
  const a = drawPlan({ schools: 6, activities: 60, families: 600, entries: 1000 });
  const b = drawPlan({ schools: 6, activities: 60, families: 600, entries: 1000 });
  expect(b).toEqual(a);
  expect(a.entries).toBe(1000);
});
