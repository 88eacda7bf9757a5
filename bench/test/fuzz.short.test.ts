// The short fuzz run of `npm test`: about 1,000 generated bad requests against every call of
// R-API-CALLS on a stack of its own; `npm run fuzz` sends 10,000 and more.
import { expect, test } from 'vitest';
import { runFuzz } from '../src/fuzz/run.js';
import { fuzzRows } from '../src/fuzz/rows.js';
import { printTable } from '../src/lib/report.js';

// A fixed seed, so that `npm test` is the same run every time (FUZZ_SEED picks another);
// `npm run fuzz` draws a new one each run and so keeps exploring.
const SEED = 20_261_122;

// R-API-NO-5XX
test("1,000 bad requests to two processes of each service: no 5xx, every one refused, no table changed, nothing of one organisation shown on another's host, and the second deleted in every service", async () => {
  const seed = Number(process.env.FUZZ_SEED ?? SEED);
  const report = await runFuzz({
    port: 19350,
    requests: 1000,
    concurrency: 6,
    seed,
    // R-ORG-RLS: the isolation cases meet two processes of each service.
    replicas: 2,
    log: () => undefined,
  });
  printTable(`short fuzz (seed ${seed})`, fuzzRows(report));
  expect(report.requests).toBeGreaterThanOrEqual(900);
  expect(report.serverErrors, 'answers 5xx').toEqual([]);
  expect(
    report.accepted.map((a) => `${a.auth} ${a.method} ${a.path} → ${a.status}`),
    'refused-by-design requests answered 2xx',
  ).toEqual([]);
  expect(report.noAnswer, 'requests without an answer').toEqual([]);
  // R-ORG-RLS: a second organisation on the same deployment meets nothing of the first's.
  expect(report.isolationCases).toBeGreaterThan(100);
  expect(report.crossed, "answers holding another organisation's rows").toEqual([]);
  expect(
    report.changedTables.map((t) => `${t.table}: ${t.before} → ${t.after}`),
    'tables changed by refused requests',
  ).toEqual([]);
  // R-PLATFORM-DELETE: the second organisation, deleted through the platform, is gone from
  // every table of every service, and the first's rows are as they were.
  expect(report.leftAfterDelete, "the deleted organisation's rows").toEqual([]);
  expect(report.changedOnDelete, "the first organisation's tables changed by it").toEqual([]);
});
