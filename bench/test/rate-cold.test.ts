// The rate benchmark's options: warm or cold, how long a cold stack sits idle before its load
// (longer than every timeout that keeps something warm), and which topologies run.
import { expect, test } from 'vitest';
import {
  COLD_MIN_IDLE_S,
  IDLE_TIMEOUTS,
  POOL_TIMEOUT,
  TOPOLOGIES,
  coldPlan,
  rateChoices,
  sumChecks,
  windowList,
} from '../src/benchmarks/rate.js';
import { median } from '../src/lib/report.js';

test('warm by default, both topologies, no idle', () => {
  const c = rateChoices({});
  expect(c.mode).toBe('warm');
  expect(c.cold).toBeUndefined();
  expect(c.topologies).toEqual(TOPOLOGIES);
  expect(c.topologies).toHaveLength(2);
});

test('cold by default sits idle at least ten minutes, past the pool idle of the product', () => {
  const c = rateChoices({ cold: true });
  expect(c.mode).toBe('cold');
  expect(c.cold!.idleS).toBe(600);
  expect(c.cold!.poolIdleS).toBeUndefined();
  // The product's pool idle (300 s) is the longest, and the idle outlasts it.
  expect(c.cold!.longestS).toBe(300);
  expect(c.cold!.outlastsAll).toBe(true);
  expect(c.cold!.idleS).toBeGreaterThan(Math.max(...IDLE_TIMEOUTS.map((t) => t.s)));
});

test('a shortened pool idle shortens the idle to twice the longest timeout left', () => {
  // 60 s pool: the services' and nginx's 65 s keep-alive are then the longest.
  const p = coldPlan({ poolIdleS: 60 });
  expect(p.longestS).toBe(65);
  expect(p.idleS).toBe(130);
  expect(p.outlastsAll).toBe(true);
  expect(p.timeouts.find((t) => t.name === POOL_TIMEOUT)!.s).toBe(60);
  // Other timeouts are not changed by it.
  expect(p.timeouts.filter((t) => t.name !== POOL_TIMEOUT)).toEqual(
    IDLE_TIMEOUTS.filter((t) => t.name !== POOL_TIMEOUT),
  );
  // A pool idle longer than the product's lengthens the idle past ten minutes.
  expect(coldPlan({ poolIdleS: 400 }).idleS).toBe(800);
  expect(coldPlan({}).idleS).toBe(COLD_MIN_IDLE_S);
});

test('an explicit idle is taken as given, and says when it does not outlast a timeout', () => {
  expect(coldPlan({ idleS: 900 })).toMatchObject({ idleS: 900, outlastsAll: true });
  expect(coldPlan({ idleS: 120 })).toMatchObject({ idleS: 120, outlastsAll: false });
  expect(coldPlan({ idleS: 120, poolIdleS: 60 })).toMatchObject({
    idleS: 120,
    outlastsAll: true,
  });
  // Exactly the longest is not past it.
  expect(coldPlan({ idleS: 65, poolIdleS: 60 }).outlastsAll).toBe(false);
  const c = rateChoices({ cold: true, coldIdleS: '200', coldPoolIdleS: '30' });
  expect(c.cold).toMatchObject({ idleS: 200, poolIdleS: 30, longestS: 65, outlastsAll: true });
});

test('a primed cold run warms up before its idle; by default nothing runs before the load', () => {
  expect(rateChoices({ cold: true }).cold!.primed).toBe(false);
  expect(rateChoices({ cold: true, coldPrimed: true }).cold).toMatchObject({
    primed: true,
    idleS: 600,
  });
  expect(() => rateChoices({ coldPrimed: true })).toThrow(/with --cold/);
});

test('one topology on its own', () => {
  expect(rateChoices({ topology: 'one' }).topologies).toEqual([TOPOLOGIES[0]]);
  expect(rateChoices({ topology: 'two' }).topologies).toEqual([TOPOLOGIES[1]]);
  expect(rateChoices({ topology: 'both' }).topologies).toEqual(TOPOLOGIES);
  expect(rateChoices({ cold: true, topology: 'one' }).topologies[0]!.replicas).toBe(1);
});

test('bad options are refused, naming the option', () => {
  expect(() => rateChoices({ topology: 'three' })).toThrow(/--topology three/);
  expect(() => rateChoices({ coldIdleS: '60' })).toThrow(/with --cold/);
  expect(() => rateChoices({ coldPoolIdleS: '60' })).toThrow(/with --cold/);
  expect(() => rateChoices({ cold: true, coldIdleS: '1.5' })).toThrow(/--cold-idle-s 1.5/);
  expect(() => rateChoices({ cold: true, coldIdleS: '0' })).toThrow(/--cold-idle-s/);
  expect(() => rateChoices({ cold: true, coldPoolIdleS: '-5' })).toThrow(/--cold-pool-idle-s/);
  // DB_POOL_IDLE_MS takes at most an hour.
  expect(() => rateChoices({ cold: true, coldPoolIdleS: '3601' })).toThrow(/--cold-pool-idle-s/);
});

test('the windows print as p50/p99 pairs in their order', () => {
  expect(
    windowList([
      { fromS: 0, p50Ms: 121.4, p99Ms: 534 },
      { fromS: 5, p50Ms: 20, p99Ms: 99.6 },
    ]),
  ).toBe('121/534 20/100');
});

test("two organisations' rounds: at the main load's rate unless given, and only with two", () => {
  expect(rateChoices({ organisations: '2' })).toMatchObject({
    organisations: 2,
    organisationsRate: undefined,
  });
  expect(rateChoices({ organisations: '2', organisationsRate: '80' }).organisationsRate).toBe(80);
  expect(() => rateChoices({ organisationsRate: '80' })).toThrow(/with --organisations 2/);
  expect(() => rateChoices({ organisations: '2', organisationsRate: '0' })).toThrow(
    /--organisations-rate 0/,
  );
  expect(() => rateChoices({ organisations: '2', organisationsRate: '7.5' })).toThrow(
    /--organisations-rate 7.5/,
  );
  expect(() => rateChoices({ organisations: '3' })).toThrow(/--organisations 3/);
});

test("the rounds' median is the middle one, or the mean of the middle two", () => {
  expect(median([300, 100, 200])).toBe(200);
  expect(median([1729, 165, 287, 190])).toBe(238.5);
  expect(median([5])).toBe(5);
});

test("the rounds' checks add up, and one round not drained leaves the sum not drained", () => {
  const c = (lost: number, drainedS: number | undefined) => ({
    lost,
    storedTwice: 0,
    notEmailed: lost,
    emailedTwice: 0,
    created: 100,
    drainedS,
    drainTimeoutS: 120,
  });
  expect(sumChecks([c(0, 2), c(1, 5)])).toEqual({ ...c(1, 5), created: 200 });
  expect(sumChecks([c(0, 2), c(0, undefined)]).drainedS).toBeUndefined();
});
