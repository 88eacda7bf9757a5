// Benchmark 1 as a whole: the product's burst, then the baseline's behind its own nginx, with
// CPU seconds per 1,000 sign-ups of every process tree and the check that nothing was lost.
import type pg from 'pg';
import { sleep, stackIdle, type Api } from '../lib/api.js';
import { startBaseline } from '../lib/baseline.js';
import { cpuDelta, cpuSnapshot } from '../lib/cpu.js';
import { fmt, row, say, type Row } from '../lib/report.js';
import { SERVICES, serviceRss, type BenchStack, type ServiceName } from '../lib/stack.js';
import {
  resetStatements,
  statementLines,
  topStatements,
  type StatementTime,
} from '../lib/statements.js';
import { burst, type BurstResult } from './signup-burst.js';

const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

export async function burstVsBaseline(opts: {
  s: BenchStack;
  api: Api;
  db: pg.Pool;
  activities: Array<{ id: number; token: string }>;
  durationS: number;
  baselinePorts: { gateway: number; app: number };
  /**
   * `--hold`: services stopped (SIGSTOP) for the product's burst and resumed after it, to see
   * what the sign-up path costs without their share (notify: the emails). A diagnostic: the
   * targets are not judged on such a run.
   */
  hold?: ServiceName[];
  /** `--statements`: PostgreSQL's statements that took the most time in the product's burst. */
  statements?: boolean;
}) {
  const { s, api, db, activities, durationS } = opts;
  const hold = opts.hold ?? [];
  const rows: Row[] = [];
  say('1. sign-up burst: warm-up');
  await burst({ base: s.api, activities, connections: 10, durationS: 3, tag: 'warm' });
  // The warm-up's requests cut off in flight are still being stored.
  await sleep(2000);
  const storedBefore = await api.total();
  say(`1. sign-up burst: product, 50 connections, ${durationS} s`);
  const groups = {
    ...Object.fromEntries(SERVICES.map((n) => [n, s.pid(n)])),
    postgres: s.pid('postgres'),
    nats: s.pid('nats'),
    nginx: s.pid('nginx'),
  };
  if (opts.statements) await resetStatements(db);
  if (hold.length > 0) say(`1. sign-up burst: holding ${hold.join(', ')} for the product's burst`);
  for (const name of hold) process.kill(-s.pid(name)!, 'SIGSTOP');
  let cpu0 = cpuSnapshot();
  let own0 = process.cpuUsage();
  let product: BurstResult;
  try {
    product = await burst({ base: s.api, activities, connections: 50, durationS, tag: 'p' });
  } finally {
    for (const name of hold) process.kill(-s.pid(name)!, 'SIGCONT');
  }
  const productCpu = {
    ...cpuDelta(cpu0, cpuSnapshot(), groups),
    'bench (autocannon)': cpuSeconds(process.cpuUsage(own0)),
  };
  let statements: StatementTime[] | undefined;
  if (opts.statements) {
    statements = await topStatements(db);
    say(
      `1. sign-up burst: PostgreSQL's statements during the product's burst (total, mean × calls)`,
    );
    for (const line of statementLines(statements)) say(`   ${line}`);
  }
  const afterBurst = serviceRss(s);
  // Requests still in flight when autocannon stopped were stored without being counted.
  await sleep(2000);
  const stored = (await api.total()) - storedBefore;
  const storedIds = new Set(
    (
      await db.query<{ id: number }>(
        "SELECT id FROM registrations.registrations WHERE child_first_name LIKE 'Kindp%'",
      )
    ).rows.map((r) => r.id),
  );
  const lost = product.createdIds.filter((id) => !storedIds.has(id)).length;
  const cutOff = product.sent - product.ok2xx - product.non2xx;

  // The product's stack finishes what the burst left (the emails above all: one per sign-up,
  // sent at a few dozen a second) before the baseline runs on the same two cores.
  const drainedS = await stackIdle(db, 600_000);

  const baseline = await startBaseline(s, {
    gatewayPort: opts.baselinePorts.gateway,
    appPort: opts.baselinePorts.app,
    poolMax: Number(process.env.DB_POOL_MAX ?? 10),
  });
  let base: BurstResult;
  let baseCpu: Record<string, number>;
  try {
    say('1. sign-up burst: baseline warm-up');
    await burst({ base: baseline.url, activities, connections: 10, durationS: 3, tag: 'bw' });
    say(`1. sign-up burst: baseline, 50 connections, ${durationS} s`);
    cpu0 = cpuSnapshot();
    own0 = process.cpuUsage();
    base = await burst({
      base: baseline.url,
      activities,
      connections: 50,
      durationS,
      tag: 'bl',
    });
    baseCpu = {
      ...cpuDelta(cpu0, cpuSnapshot(), {
        baseline: baseline.pids.app,
        postgres: s.pid('postgres'),
        nginx: baseline.pids.nginx,
      }),
      'bench (autocannon)': cpuSeconds(process.cpuUsage(own0)),
    };
  } finally {
    await baseline.stop();
  }
  const ratio = product.rps / base.rps;
  const perThousand = (cpu: Record<string, number>, n: number) =>
    Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, (v / n) * 1000]));
  const productCpuPer1000 = perThousand(productCpu, product.ok2xx);
  const baseCpuPer1000 = perThousand(baseCpu, base.ok2xx);
  const results = {
    product: { ...product, createdIds: undefined },
    productStored: stored,
    productDrainedSeconds: drainedS,
    held: hold,
    statements,
    lost,
    cutOff,
    productCpuSecondsPer1000: productCpuPer1000,
    baseline: { ...base, createdIds: undefined },
    baselineCpuSecondsPer1000: baseCpuPer1000,
    ratio,
  };
  const cpuLine = (c: Record<string, number>) =>
    Object.entries(c)
      .filter(([, v]) => v >= 0.05)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${fmt(v, 1)}`)
      .join(', ');
  // A run with services held says so on every line, and judges no target.
  const held = hold.length > 0 ? ` (${hold.join(', ')} held)` : '';
  const judged = (ok: boolean) => (held ? undefined : ok);
  rows.push(
    row(`1 burst: product req/s${held}`, fmt(product.rps, 0)),
    row('1 burst: baseline req/s', fmt(base.rps, 0)),
    row(`1 burst: product / baseline${held}`, fmt(ratio, 2), '≥ 0.70', judged(ratio >= 0.7)),
    row(`1 burst: product p50${held}`, `${fmt(product.p50)} ms`),
    row(
      `1 burst: product p99${held}`,
      `${fmt(product.p99)} ms`,
      '≤ 100 ms',
      judged(product.p99 <= 100),
    ),
    row('1 burst: baseline p50 / p99', `${fmt(base.p50)} / ${fmt(base.p99)} ms`),
    row(
      '1 burst: product non-2xx / errors',
      `${product.non2xx} / ${product.errors}${Object.keys(product.statusCodes).length ? ` ${JSON.stringify(product.statusCodes)}` : ''}`,
      '0',
      product.non2xx === 0 && product.errors === 0,
    ),
    row(
      '1 burst: every 2xx stored (admin API total)',
      `${product.ok2xx} answered 2xx, ${lost} of them missing; ${stored} stored = 2xx + ` +
        `${stored - product.ok2xx} cut off in flight at the end (${cutOff} were in flight)`,
      '0 missing',
      lost === 0 && stored >= product.ok2xx && stored - product.ok2xx <= cutOff,
    ),
    row(
      "1 burst: product's backlog drained before the baseline",
      drainedS === undefined ? 'not within 600 s' : `in ${fmt(drainedS, 0)} s`,
    ),
    row(`1 burst: CPU s per 1000 sign-ups, product${held}`, cpuLine(productCpuPer1000)),
    row('1 burst: CPU s per 1000 sign-ups, baseline', cpuLine(baseCpuPer1000)),
  );
  return { results, rows, afterBurst };
}
