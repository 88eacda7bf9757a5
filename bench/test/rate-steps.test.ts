// The rate benchmark's step search: which rate comes next, which one is reported, and when a
// step may stop early because its p99 can no longer stay within the limit.
import { expect, test } from 'vitest';
import { percentile } from '../src/lib/report.js';
import {
  highestPassing,
  nextRate,
  stepDoomed,
  summarize,
  windows,
  type Step,
} from '../src/benchmarks/rate.js';

const LADDER = [50, 100, 150, 200, 250, 300, 400];
const step = (
  rate: number,
  p99Ms: number,
  failed = 0,
): Pick<Step, 'rate' | 'p99Ms' | 'failed'> => ({
  rate,
  p99Ms,
  failed,
});

test('climbs from a passing rate, one rung at a time, and stops at the first that fails', () => {
  const steps = [step(150, 60)];
  expect(nextRate(steps, 250, LADDER)).toBe(200);
  steps.push(step(200, 120));
  expect(nextRate(steps, 250, LADDER)).toBe(250);
  steps.push(step(250, 251));
  expect(nextRate(steps, 250, LADDER)).toBeUndefined();
  expect(highestPassing(steps, 250)).toBe(200);
});

test('a p99 exactly at the limit passes; a failed request fails the step whatever its p99', () => {
  expect(nextRate([step(150, 250)], 250, LADDER)).toBe(200);
  expect(highestPassing([step(150, 250)], 250)).toBe(150);
  const steps = [step(150, 40), step(200, 30, 1)];
  expect(nextRate(steps, 250, LADDER)).toBeUndefined();
  expect(highestPassing(steps, 250)).toBe(150);
});

test('with the first step failing it goes down until one passes', () => {
  const steps = [step(150, 900)];
  expect(nextRate(steps, 250, LADDER)).toBe(100);
  steps.push(step(100, 400));
  expect(nextRate(steps, 250, LADDER)).toBe(50);
  steps.push(step(50, 80));
  expect(nextRate(steps, 250, LADDER)).toBeUndefined();
  expect(highestPassing(steps, 250)).toBe(50);
  expect(highestPassing([step(150, 900), step(100, 300), step(50, 260)], 250)).toBeUndefined();
});

test('the top of the ladder ends the search; a pass above a lower failure is not reported', () => {
  const all = LADDER.map((r) => step(r, 10));
  expect(nextRate(all, 250, LADDER)).toBeUndefined();
  expect(highestPassing(all, 250)).toBe(400);
  expect(highestPassing([step(100, 300), step(200, 50)], 250)).toBeUndefined();
});

test('a step is doomed once more than 1 % of its planned requests were slow or failed', () => {
  // 100 planned: p99 is the 99th of 100, so two slow ones put it over the limit.
  expect(stepDoomed(1, 100)).toBe(false);
  expect(stepDoomed(2, 100)).toBe(true);
  expect(stepDoomed(0, 10)).toBe(false);
  expect(stepDoomed(1, 10)).toBe(true);
  // Checked against the percentile itself: `bad` slow samples among `planned`.
  for (const planned of [10, 99, 100, 101, 250, 3000]) {
    for (let bad = 0; bad <= Math.ceil(planned * 0.03); bad++) {
      const samples = [...Array<number>(planned - bad).fill(10), ...Array<number>(bad).fill(1000)];
      expect(stepDoomed(bad, planned), `${bad} of ${planned}`).toBe(percentile(samples, 99) > 250);
    }
  }
});

test('summarize counts answers by status and every non-201 as failed', () => {
  const a = (i: number, status: number | string, ms: number) => ({ i, dueAt: i, status, ms });
  const s = summarize([a(0, 201, 10), a(1, 201, 30), a(2, 503, 20), a(3, 'timeout', 15_000)]);
  expect(s).toMatchObject({
    sent: 4,
    failed: 2,
    maxMs: 15_000,
    p50Ms: 20,
    byStatus: { 201: 2, 503: 1, timeout: 1 },
  });
});

test('windows gives p50 / p99 of the requests due in each stretch of the load', () => {
  const a = (dueAt: number, ms: number) => ({ i: 0, dueAt, status: 201, ms });
  expect(windows([a(1000, 10), a(2000, 30), a(6500, 200), a(7000, 100)], 5)).toEqual([
    { fromS: 0, p50Ms: 10, p99Ms: 30 },
    { fromS: 5, p50Ms: 100, p99Ms: 200 },
  ]);
});
