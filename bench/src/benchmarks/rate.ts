// Benchmark 10 (`rate`): keyed sign-ups at a fixed arrival rate (open loop, so a slow answer
// cannot hold back the requests after it) with the confirmation emails flowing, in both
// topologies (one process of each; REPLICAS=2 with NATS_NODES=3), each on a fresh stack with
// an SMTP server of the tool's own. Per topology: 150 sign-ups a second for 60 s, every 201
// checked stored once and emailed once, the resident memory of every service process after
// it, then steps of increasing rate until the first whose p99 is over 250 ms. Warm (the
// default), a 5 s warm-up comes before the 60 s; cold (`--cold`), the stack sits idle after its
// activities are created, longer than anything keeps a connection open, and the 60 s start
// with no warm-up: sign-ups that open after hours of quiet.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { pidsDir } from 'deploy/stack';
import type pg from 'pg';
import {
  Api,
  naschoolPool,
  seedSchool,
  signUpBody,
  sleep,
  stackIdle,
  waitForProjection,
} from '../lib/api.js';
import { cpuDelta, cpuSnapshot, machineCpu, machineQuiet } from '../lib/cpu.js';
import { openLoop, type Arrival } from '../lib/open-loop.js';
import { addOrganisation } from '../lib/organisations.js';
import { fmt, median, percentile, row, type Row } from '../lib/report.js';
import { SmtpCapture } from '../lib/smtp.js';
import { SERVICES, rssMb, startBenchStack, type BenchStack } from '../lib/stack.js';
import {
  STATEMENTS_SETTINGS,
  resetStatements,
  statementLines,
  topStatements,
  type StatementTime,
} from '../lib/statements.js';

/** Rates the step search may try, sign-ups a second. */
export const RATE_LADDER = [25, 50, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000];

export interface Step {
  rate: number;
  sent: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than 201 (a status, a network error or a time-out). */
  failed: number;
  /** Stopped once its p99 could no longer stay under the limit. */
  stoppedEarly: boolean;
}

/** A step keeps the limit when every sign-up was answered 201 and its p99 is within it. */
export const stepPasses = (s: Pick<Step, 'failed' | 'p99Ms'>, limitMs: number) =>
  s.failed === 0 && s.p99Ms <= limitMs;

/**
 * The next rate of the step search, or undefined when it is done: climbing from the highest
 * rate that passed to the next rate of the ladder, stopping below the lowest that failed; with
 * nothing passed yet, down from the lowest that failed.
 */
export function nextRate(
  steps: Array<Pick<Step, 'rate' | 'failed' | 'p99Ms'>>,
  limitMs: number,
  ladder: number[] = RATE_LADDER,
): number | undefined {
  const passed = steps.filter((s) => stepPasses(s, limitMs)).map((s) => s.rate);
  const failed = steps.filter((s) => !stepPasses(s, limitMs)).map((s) => s.rate);
  const lo = passed.length ? Math.max(...passed) : 0;
  const hi = failed.length ? Math.min(...failed) : Infinity;
  const tried = new Set(steps.map((s) => s.rate));
  const between = [...ladder]
    .sort((a, b) => a - b)
    .filter((r) => r > lo && r < hi && !tried.has(r));
  if (between.length === 0) return undefined;
  return passed.length ? between[0] : between[between.length - 1];
}

/** The highest rate that passed below the lowest that failed (undefined if none did). */
export function highestPassing(
  steps: Array<Pick<Step, 'rate' | 'failed' | 'p99Ms'>>,
  limitMs: number,
): number | undefined {
  const failed = steps.filter((s) => !stepPasses(s, limitMs)).map((s) => s.rate);
  const hi = failed.length ? Math.min(...failed) : Infinity;
  const passed = steps.filter((s) => stepPasses(s, limitMs) && s.rate < hi).map((s) => s.rate);
  return passed.length ? Math.max(...passed) : undefined;
}

/**
 * Whether a step of `planned` requests must end with its p99 (nearest rank) over the limit
 * whatever the rest answer: `bad` of them already took longer or failed.
 */
export const stepDoomed = (bad: number, planned: number) =>
  bad > 0 && bad >= planned - Math.ceil(0.99 * planned) + 1;

/** PostgreSQL's commits so far, in the product's database. */
async function commits(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0]?.n ?? 0);
}

/** Milliseconds per part, as `name 1.2`, largest first. */
const cpuList = (ms: Record<string, number>) =>
  Object.entries(ms)
    .sort(([, a], [, b]) => b - a)
    .map(([k, v]) => `${k} ${fmt(v, 2)}`)
    .join(', ');

/** p50 / p99 / max and the answers by status of a load. */
export function summarize(arrivals: Arrival[]) {
  const ms = arrivals.map((a) => a.ms);
  const byStatus: Record<string, number> = {};
  for (const a of arrivals) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  return {
    sent: arrivals.length,
    p50Ms: percentile(ms, 50),
    p99Ms: percentile(ms, 99),
    maxMs: Math.max(0, ...ms),
    failed: arrivals.filter((a) => a.status !== 201).length,
    byStatus,
  };
}

/** p50 / p99 of the requests due in each `sizeS` seconds of a load: does the delay grow? */
export function windows(arrivals: Arrival[], sizeS = 5) {
  const t0 = Math.min(...arrivals.map((a) => a.dueAt));
  const by = new Map<number, number[]>();
  for (const a of arrivals) {
    const w = Math.floor((a.dueAt - t0) / (sizeS * 1000));
    by.set(w, [...(by.get(w) ?? []), a.ms]);
  }
  return [...by]
    .sort(([a], [b]) => a - b)
    .map(([w, ms]) => ({ fromS: w * sizeS, p50Ms: percentile(ms, 50), p99Ms: percentile(ms, 99) }));
}

export interface Topology {
  name: string;
  replicas: number;
  natsNodes: number;
}

export const TOPOLOGIES: Topology[] = [
  { name: 'one of each', replicas: 1, natsNodes: 1 },
  { name: 'two of each, 3 nats', replicas: 2, natsNodes: 3 },
];

/** `--topology`: one of each, two of each, or both (the default). */
export const TOPOLOGY_CHOICES: Record<string, Topology[]> = {
  one: [TOPOLOGIES[0]!],
  two: [TOPOLOGIES[1]!],
  both: TOPOLOGIES,
};

/** Warm: a warm-up before the load. Cold: a long idle instead, and no warm-up. */
export type RateMode = 'warm' | 'cold';

export interface IdleTimeout {
  /** What closes or forgets, and where its length is set. */
  name: string;
  s: number;
}

/**
 * What stays warm only while it is used, with how long it outlasts its last use: a cold load
 * must start after the longest of them. The database pool's is the product's default here and
 * the one the cold mode can shorten (DB_POOL_IDLE_MS); the others are fixed.
 */
export const IDLE_TIMEOUTS: IdleTimeout[] = [
  {
    name: "services' database pool idle above its floor (POOL_IDLE_MS, packages/service-kit/src/config.ts)",
    s: 300,
  },
  {
    name: "nginx's connections to the services (upstream keepalive_timeout, nginx's default; gateway/render.mjs)",
    s: 60,
  },
  {
    name: "services' HTTP keep-alive (server.keepAliveTimeout, packages/service-kit/src/service.ts)",
    s: 65,
  },
  {
    name: "nginx's connections from clients (keepalive_timeout, gateway/nginx.conf.template)",
    s: 65,
  },
  {
    name: "notify's pooled SMTP connections (socketTimeout, svc-notify/src/data-access/smtp.ts)",
    s: 15,
  },
];
export const POOL_TIMEOUT = IDLE_TIMEOUTS[0]!.name;

/** The shortest idle of a cold run whose pool idle is the product's own. */
export const COLD_MIN_IDLE_S = 600;

export interface ColdPlan {
  /** Seconds without a request between the activities' creation and the load. */
  idleS: number;
  /** DB_POOL_IDLE_MS / 1000 given to the stack; undefined: the product's 300 s. */
  poolIdleS: number | undefined;
  /** The timeouts of this run (the pool's as given), and the longest of them. */
  timeouts: IdleTimeout[];
  longestS: number;
  /** Whether the idle is longer than every one of them. */
  outlastsAll: boolean;
  /**
   * The warm-up ran before the idle (`--cold-primed`): the load finds code that has run before
   * (as sign-ups that open after a quiet spell of a product that took sign-ups earlier), and
   * only what the idle undid is cold. Without it the load is the first the stack takes.
   */
  primed: boolean;
}

/**
 * The idle of a cold run. By default at least COLD_MIN_IDLE_S; with the pool's idle shortened
 * (`--cold-pool-idle-s`), twice the longest timeout it must outlast; `--cold-idle-s` sets it
 * whatever these say (outlastsAll then tells whether it is long enough).
 */
export function coldPlan(opts: { idleS?: number; poolIdleS?: number; primed?: boolean }): ColdPlan {
  const timeouts = IDLE_TIMEOUTS.map((t) =>
    t.name === POOL_TIMEOUT && opts.poolIdleS !== undefined ? { ...t, s: opts.poolIdleS } : t,
  );
  const longestS = Math.max(...timeouts.map((t) => t.s));
  const idleS =
    opts.idleS ??
    (opts.poolIdleS === undefined ? Math.max(COLD_MIN_IDLE_S, 2 * longestS) : 2 * longestS);
  return {
    idleS,
    poolIdleS: opts.poolIdleS,
    timeouts,
    longestS,
    outlastsAll: idleS > longestS,
    primed: opts.primed ?? false,
  };
}

export interface RateArgs {
  /** `--organisations 2`: the same load again, every other sign-up on a second organisation. */
  organisations?: string;
  /** `--organisations-rate N`: the rate of the organisations' rounds (by default the main load's). */
  organisationsRate?: string;
  cold?: boolean;
  coldIdleS?: string;
  coldPoolIdleS?: string;
  coldPrimed?: boolean;
  topology?: string;
}

/** The rate benchmark's options from the command line's; throws on a bad one. */
export function rateChoices(args: RateArgs): {
  mode: RateMode;
  cold: ColdPlan | undefined;
  topologies: Topology[];
  organisations: 1 | 2;
  organisationsRate: number | undefined;
} {
  const seconds = (flag: string, v: string | undefined, min: number, max: number) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < min || n > max) {
      throw new Error(`${flag} ${v}: whole seconds from ${min} to ${max}`);
    }
    return n;
  };
  const idleS = seconds('--cold-idle-s', args.coldIdleS, 1, 24 * 3600);
  // DB_POOL_IDLE_MS takes 1 s to 1 h.
  const poolIdleS = seconds('--cold-pool-idle-s', args.coldPoolIdleS, 1, 3600);
  if (!args.cold && (idleS !== undefined || poolIdleS !== undefined || args.coldPrimed)) {
    throw new Error('--cold-idle-s, --cold-pool-idle-s and --cold-primed go with --cold');
  }
  if (args.organisations !== undefined && !['1', '2'].includes(args.organisations)) {
    throw new Error(`--organisations ${args.organisations}: 1 or 2`);
  }
  const organisationsRate =
    args.organisationsRate === undefined ? undefined : Number(args.organisationsRate);
  if (
    organisationsRate !== undefined &&
    (!/^\d+$/.test(args.organisationsRate!) || organisationsRate < 1 || organisationsRate > 2000)
  ) {
    throw new Error(`--organisations-rate ${args.organisationsRate}: sign-ups a second, 1 to 2000`);
  }
  if (organisationsRate !== undefined && args.organisations !== '2') {
    throw new Error('--organisations-rate goes with --organisations 2');
  }
  const topologies = TOPOLOGY_CHOICES[args.topology ?? 'both'];
  if (!topologies) {
    throw new Error(
      `--topology ${args.topology}: one of ${Object.keys(TOPOLOGY_CHOICES).join(', ')}`,
    );
  }
  return {
    organisations: args.organisations === '2' ? 2 : 1,
    organisationsRate,
    mode: args.cold ? 'cold' : 'warm',
    cold: args.cold ? coldPlan({ idleS, poolIdleS, primed: args.coldPrimed }) : undefined,
    topologies,
  };
}

export interface TopologyResult {
  topology: Topology;
  mode: RateMode;
  /** Cold mode: the idle before the load and the timeouts it outlasts. */
  cold?: ColdPlan;
  /**
   * Connections of each service (application_name) open in PostgreSQL: right after the
   * activities were created and their events handled (cold mode), and right before the load.
   */
  connections: { atIdleStart?: Record<string, number>; beforeLoad: Record<string, number> };
  startS: number;
  /** Starts of the stack that failed before the one measured. */
  startFailures: string[];
  main: ReturnType<typeof summarize> & {
    rate: number;
    durationS: number;
    /** Share of the machine's CPUs busy during the load (everyone's work). */
    machineBusy: number;
    cpuSecondsPer1000: Record<string, number>;
    /** CPU of each part in 5 s without load, % of a core. */
    idleCpuPercent: Record<string, number>;
    /** p50 / p99 of the requests due in each 5 s of the load, from its start. */
    latencyPer5s: ReturnType<typeof windows>;
  };
  check: {
    created: number;
    /** 201s whose sign-up is not stored. */
    lost: number;
    /** Children of the run stored more than once. */
    storedTwice: number;
    /** 201s whose parent got no email by the deadline. */
    notEmailed: number;
    /** Parents of a 201 that got more than one email, or Message-IDs that arrived twice. */
    emailedTwice: number;
    /** Seconds from the end of the load until the last confirmation arrived (undefined: not all). */
    drainedS: number | undefined;
    drainTimeoutS: number;
  };
  /** VmRSS in MB of each service process right after the load, and the most seen during it. */
  rssAfter: Record<string, number | undefined>;
  /** RssAnon of the same: VmRSS less the pages of files (node's binary, shared by all). */
  rssAnonAfter: Record<string, number | undefined>;
  rssPeak: Record<string, number | undefined>;
  steps: Step[];
  highest: number | undefined;
  statements?: StatementTime[];
  /**
   * `--organisations 2`: after the main load, rounds of a third of its length in the order of
   * ORGANISATION_ROUNDS: a two-organisation round has every other sign-up on a second organisation's host,
   * school and activities (R-ORG-RLS), checked as the main load is.
   */
  twoOrganisations?: {
    /** Each round's sign-ups a second, and its length. */
    rate: number;
    roundS: number;
    /** The two-organisation rounds' sign-ups together. */
    summary: ReturnType<typeof summarize>;
    /** p50 / p99 of each organisation's sign-ups, the first organisation's first. */
    perOrganisation: Array<ReturnType<typeof summarize>>;
    check: TopologyResult['check'];
    /** The one-organisation rounds' sign-ups together. */
    one: ReturnType<typeof summarize>;
    /** Each round in the order run. */
    rounds: Array<{ organisations: 1 | 2; p50Ms: number; p99Ms: number; failed: number }>;
    twoMedianP99Ms: number;
    oneMedianP99Ms: number;
    /** Each kind's commits and CPU ms per part, per sign-up with its email (mean of its rounds). */
    costPerSignUp: Record<'two' | 'one', { commits: number; cpuMs: Record<string, number> }>;
    /** The median of the 5 s windows' p99 over each kind's rounds. */
    twoMedianWindowP99Ms: number;
    oneMedianWindowP99Ms: number;
    /** The median two-organisation round's p99 against the median one-organisation round's, %. */
    p99ChangePercent: number;
    /** The same of all rounds of each kind pooled, %. */
    pooledP99ChangePercent: number;
  };
}

export const LIMITS = {
  mainP99Ms: 100,
  stepP99Ms: 250,
  rssMb: 150,
  /** Two organisations' sign-ups at once against one's, same rate (R-ORG-RLS). */
  organisationsP99Percent: 10,
} as const;

export interface RateOptions {
  port: number;
  quick: boolean;
  /** Warm by default. */
  mode?: RateMode;
  /** Cold mode's idle; by default coldPlan({}). */
  cold?: ColdPlan;
  /** By default both. */
  topologies?: Topology[];
  /** 2: the two-organisation load after the main one (`twoOrganisations`). */
  organisations?: 1 | 2;
  /** The rate of the two-organisation comparison's rounds; by default the main load's. */
  organisationsRate?: number;
  statements?: boolean;
  log: (line: string) => void;
}

const MAIN_RATE = 150;
/**
 * `--organisations 2`: the rounds after the main load, true for two organisations' (ABBA BAAB:
 * each kind as often first as second, early as late).
 */
const ORGANISATION_ROUNDS = [true, false, false, true, false, true, true, false] as const;
const ACTIVITIES = 20;
const REQUEST_TIMEOUT_MS = 15_000;

export async function rateBenchmark(opts: RateOptions): Promise<TopologyResult[]> {
  const out: TopologyResult[] = [];
  for (const t of opts.topologies ?? TOPOLOGIES) out.push(await runTopology(t, opts));
  return out;
}

async function runTopology(topology: Topology, opts: RateOptions): Promise<TopologyResult> {
  const { log, quick } = opts;
  const mode = opts.mode ?? 'warm';
  const cold = mode === 'cold' ? (opts.cold ?? coldPlan({})) : undefined;
  const label = `10. rate, ${mode} (${topology.name})`;
  const smtp = new SmtpCapture(opts.port + 10_028);
  await smtp.start();
  let s: BenchStack | undefined;
  let db: pg.Pool | undefined;
  try {
    // A failed start is tried once more, and reported: three nats-servers started together
    // sometimes form a JetStream meta group of two, where no stream of 3 replicas can be placed
    // ("no suitable peers for placement"), and the services never come up.
    const startFailures: string[] = [];
    let t0 = Date.now();
    for (;;) {
      try {
        t0 = Date.now();
        s = await startBenchStack({
          port: opts.port,
          quiet: true,
          env: {
            SMTP_URL: smtp.url,
            REPLICAS: String(topology.replicas),
            NATS_NODES: String(topology.natsNodes),
            ...(cold?.poolIdleS !== undefined
              ? { DB_POOL_IDLE_MS: String(cold.poolIdleS * 1000) }
              : {}),
          },
          postgresSettings: opts.statements ? STATEMENTS_SETTINGS : undefined,
        });
        break;
      } catch (err) {
        const lines = (err as Error).message.split('\n');
        const why = lines.find((l) => /Error:/.test(l))?.trim() ?? lines[0]!;
        startFailures.push(`${lines[0]} (${why})`);
        if (startFailures.length >= 2) throw err;
        log(`${label}: the stack did not start: ${lines[0]} (${why}); once more`);
      }
    }
    const stack = s;
    const startS = (Date.now() - t0) / 1000;
    log(`${label}: stack ready in ${fmt(startS)} s`);
    db = naschoolPool(stack.adminDbUrl, 2);
    const api = new Api(stack.api);
    await api.login();
    const seed = await seedSchool(api, {
      name: `Tempo ${topology.replicas}`,
      activities: ACTIVITIES,
      capacity: 10_000,
    });
    await waitForProjection(db, seed.activityIds);
    const tag = `rt${topology.replicas}x`;
    const runKey = randomUUID();
    // Parents sign up without a session: the admin's cookie would make every sign-up ask
    // svc-identity about it.
    const organisations = [
      { parents: new Api(stack.api), token: seed.school.accessToken, ids: seed.activityIds },
    ];
    if (opts.organisations === 2) {
      // R-ORG-RLS: a second organisation with a school and activities of the same shape.
      const other = await addOrganisation(db, stack.api, 'tweede', 'Tweede organisatie');
      const seed2 = await seedSchool(other.admin, {
        name: `Tempo ${topology.replicas}`,
        activities: ACTIVITIES,
        capacity: 10_000,
      });
      await waitForProjection(db, seed2.activityIds);
      organisations.push({
        parents: new Api(stack.api, '', other.host),
        token: seed2.school.accessToken,
        ids: seed2.activityIds,
      });
    }
    let n = 0;
    // Every sign-up a different child (and parent address), each with a key of its own; with
    // `shared`, every other one on the second organisation.
    const load = (
      rate: number,
      durationS: number,
      stopped?: (a: Arrival[]) => boolean,
      shared = false,
    ) => {
      const first = n;
      n += Math.round(rate * durationS);
      const arrivals: Arrival[] = [];
      return openLoop({
        ratePerS: rate,
        durationS,
        stopped: stopped && (() => stopped(arrivals)),
        send: async (i) => {
          const k = first + i;
          const o = organisations[shared ? k % organisations.length : 0]!;
          try {
            return await o.parents.call(
              'POST',
              '/api/registrations',
              signUpBody(k, o.ids[k % ACTIVITIES]!, tag),
              { 'x-school-token': o.token, 'idempotency-key': `${runKey}-${k}` },
              REQUEST_TIMEOUT_MS,
            );
          } catch (err) {
            // No answer: the client's time-out or the socket's error code.
            const e = err as Error & { code?: string };
            return { status: /no answer in/.test(e.message) ? 'timeout' : (e.code ?? e.name) };
          }
        },
        onAnswer: (a) => arrivals.push(a),
      }).then((all) => ({ all, first }));
    };

    let atIdleStart: Record<string, number> | undefined;
    if (cold?.primed) {
      log(`${label}: warm-up before the idle, 50/s for 5 s`);
      await load(50, 5);
    }
    if (cold) {
      // The activities' events handled, then nothing asked of the stack for the idle: its last
      // 5 s measure each part's CPU below.
      await stackIdle(db, 30_000);
      atIdleStart = await serviceConnections(db);
      log(
        `${label}: idle for ${cold.idleS} s, ` +
          (cold.primed ? 'after the warm-up' : 'no warm-up') +
          ` (pool idle ` +
          `${cold.poolIdleS === undefined ? "the product's 300" : `DB_POOL_IDLE_MS ${cold.poolIdleS * 1000} ms, i.e. ${cold.poolIdleS}`} s; ` +
          `longest idle timeout ${cold.longestS} s${cold.outlastsAll ? '' : ', NOT outlasted'}); ` +
          `connections now: ${countList(atIdleStart)}`,
      );
      await sleep(Math.max(0, cold.idleS - 5) * 1000);
    } else {
      // Warm-up (JIT, pools, prepared statements), then its emails drain.
      // With two organisations, both warm: the comparison is of two warm organisations' load.
      log(
        `${label}: warm-up, 50/s for 5 s${organisations.length === 2 ? ', both organisations' : ''}`,
      );
      await load(50, 5, undefined, organisations.length === 2);
      await stackIdle(db, 30_000);
    }

    // What each part spends with no load (timers, probes, leadership): per sign-up below it
    // is counted in too.
    const roots = partPids(stack);
    const idle0 = cpuSnapshot();
    await sleep(Math.min(5, cold?.idleS ?? 5) * 1000);
    const idleCpuPercent = Object.fromEntries(
      Object.entries(cpuDelta(idle0, cpuSnapshot(), roots)).map(([k, v]) => [k, (v / 5) * 100]),
    );
    log(
      `${label}: idle CPU, % of a core: ` +
        Object.entries(idleCpuPercent)
          .map(([k, v]) => `${k} ${fmt(v)}`)
          .join(', '),
    );

    const processes = serviceProcesses(topology.replicas);
    const rssPeak: Record<string, number | undefined> = {};
    const sampler = setInterval(() => {
      for (const p of processes) {
        const mb = rssMb(stack.pid(p));
        if (mb !== undefined) rssPeak[p] = Math.max(rssPeak[p] ?? 0, mb);
      }
    }, 1000);
    const durationS = quick ? 15 : 60;
    if (opts.statements) await resetStatements(db);
    const beforeLoad = await serviceConnections(db);
    log(`${label}: connections before the load: ${countList(beforeLoad)}`);
    log(`${label}: ${MAIN_RATE} keyed sign-ups a second for ${durationS} s`);
    const cpu0 = cpuSnapshot();
    const machine0 = machineCpu();
    const own0 = process.cpuUsage();
    // PostgreSQL's WAL in the load's first 5 s and after: the first change of a page after a
    // checkpoint writes the whole page (a full-page image), and WAL is written per commit.
    const admin = db;
    const wal0 = await walStats(admin);
    let wal5: WalStats | undefined;
    const at5 = setTimeout(() => {
      void walStats(admin).then((w) => (wal5 = w));
    }, 5000);
    const mainRun = await load(MAIN_RATE, durationS).finally(() => {
      clearInterval(sampler);
      clearTimeout(at5);
    });
    const walEnd = await walStats(admin);
    log(
      `${label}: WAL ${fmt((walEnd.bytes - wal0.bytes) / 1024 / (MAIN_RATE * durationS), 1)} KB ` +
        `a sign-up; ` +
        (wal5
          ? `first 5 s ${walList(wal0, wal5, 5)}, then ${walList(wal5, walEnd, durationS - 5)}`
          : walList(wal0, walEnd, durationS)),
    );
    const loadEnd = Date.now();
    const rssAfter = Object.fromEntries(processes.map((p) => [p, rssMb(stack.pid(p))]));
    const rssAnonAfter = Object.fromEntries(processes.map((p) => [p, rssAnonMb(stack.pid(p))]));
    log(`${label}: VmRSS (RssAnon) after the load, MB: ${mbList(rssAfter, rssAnonAfter)}`);
    const machine1 = machineCpu();
    const cpu = {
      ...cpuDelta(cpu0, cpuSnapshot(), roots),
      'bench tool': (() => {
        const u = process.cpuUsage(own0);
        return (u.user + u.system) / 1e6;
      })(),
    };
    const summary = summarize(mainRun.all);
    log(
      `${label}: p50 ${fmt(summary.p50Ms, 0)} / p99 ${fmt(summary.p99Ms, 0)} / max ` +
        `${fmt(summary.maxMs, 0)} ms, ${JSON.stringify(summary.byStatus)}`,
    );
    const perWindow = windows(mainRun.all);
    log(`${label}: p50 / p99 per 5 s: ${windowList(perWindow)}`);
    // Where the rush's first seconds go: per second, the first 10 s.
    const firstSeconds = windows(mainRun.all, 1).filter((w) => w.fromS < 10);
    log(`${label}: p50 / p99 per 1 s of the first 10 s: ${windowList(firstSeconds)}`);
    let statements: StatementTime[] | undefined;
    if (opts.statements) {
      statements = await topStatements(db);
      log(`${label}: PostgreSQL's statements during the load (total, mean × calls)`);
      for (const line of statementLines(statements)) log(`   ${line}`);
    }

    // Every 201 of a load stored once and emailed once.
    const drainTimeoutS = quick ? 60 : 120;
    const checkLoad = async (
      run: { all: Arrival[]; first: number },
      endedAt: number,
    ): Promise<TopologyResult['check']> => {
      const created = run.all.filter((a) => a.status === 201);
      const addresses = created.map((a) => signUpBody(run.first + a.i, 0, tag).email);
      const drainedS = await waitForAddresses(smtp, addresses, drainTimeoutS * 1000, endedAt);
      const found = await checkRun(db!, smtp, {
        ids: created.map((a) => (a.body as { registration: { id: number } }).registration.id),
        addresses,
        tag,
      });
      return { ...found, created: created.length, drainedS, drainTimeoutS };
    };
    const check = await checkLoad(mainRun, loadEnd);
    log(
      `${label}: ${check.created} created; lost ${check.lost}, stored twice ` +
        `${check.storedTwice}, not emailed ${check.notEmailed}, emailed twice ${check.emailedTwice}`,
    );
    let twoOrganisations: TopologyResult['twoOrganisations'];
    if (organisations.length === 2) {
      // R-ORG-RLS: rounds of two organisations' load and one's, in the order of
      // ORGANISATION_ROUNDS (each kind as often first as second, early as late, so a drift of
      // the machine weighs on both alike), each a load of its own after the last one's emails.
      // A p99 of 60 s on a shared machine moves by more than 10 % from one run to the next; the
      // median of four rounds' p99 drops the round a pause of the machine spoilt. Each round's
      // windows are kept too: the median window p99 of each kind says the same with less noise.
      const roundS = Math.max(5, Math.round(durationS / 3));
      const roundRate = opts.organisationsRate ?? MAIN_RATE;
      const rounds: Array<{
        two: boolean;
        all: Arrival[];
        first: number;
        cpuMs: Record<string, number>;
        commitsPer: number;
      }> = [];
      // A round of both first, not counted: whichever round came first after the main load
      // was the slowest of its run in three runs of four (the machine settling), and the order
      // puts a two-organisation round there.
      await stackIdle(db, 30_000);
      await machineQuiet();
      log(`${label}: a round to settle, both organisations, ${roundRate}/s for 10 s (not counted)`);
      const settle = summarize((await load(roundRate, 10, undefined, true)).all);
      log(
        `${label}: the round to settle: p50 ${fmt(settle.p50Ms, 0)} / p99 ${fmt(settle.p99Ms, 0)} ms`,
      );
      for (const two of ORGANISATION_ROUNDS) {
        await stackIdle(db, 30_000);
        // Each round from the same state: the last load's rows vacuumed and analysed (not by
        // autovacuum in the middle of the next round) and its pages written out (every round's
        // first changes write whole pages alike).
        await db.query('VACUUM (ANALYZE)');
        await db.query('CHECKPOINT');
        // ...and the machine quiet: the consumers' and PostgreSQL's work after the last load
        // (the audit, the counts, the writer) done before the next starts.
        const quiet = await machineQuiet();
        log(
          `${label}: round ${rounds.length + 1} of ${ORGANISATION_ROUNDS.length}: ` +
            `${two ? 'two organisations, every other sign-up on the second' : 'one organisation'}, ` +
            `${roundRate}/s for ${roundS} s (after ${fmt(quiet.waitedS, 0)} s for the machine ` +
            `to be quiet: ${fmt(quiet.busy * 100, 0)} % busy)`,
        );
        // What the round cost: each part's CPU and PostgreSQL's commits, from its start until
        // its emails and events are done.
        const cpuBefore = cpuSnapshot();
        const commitsBefore = await commits(db);
        const run = await load(roundRate, roundS, undefined, two);
        await stackIdle(db, 30_000);
        const signUps = Math.max(1, run.all.length);
        const cpuMs = Object.fromEntries(
          Object.entries(cpuDelta(cpuBefore, cpuSnapshot(), roots)).map(([k, v]) => [
            k,
            (v * 1000) / signUps,
          ]),
        );
        const commitsPer = ((await commits(db)) - commitsBefore) / signUps;
        rounds.push({ two, ...run, cpuMs, commitsPer });
        const st = summarize(run.all);
        log(
          `${label}: round ${rounds.length}: p50 ${fmt(st.p50Ms, 0)} / p99 ${fmt(st.p99Ms, 0)} ms, ` +
            `${st.failed} failed; per 5 s ${windowList(windows(run.all))}; per sign-up ` +
            `${fmt(commitsPer, 1)} commits, CPU ms ${cpuList(cpuMs)}`,
        );
      }
      // Each kind's mean per sign-up over its rounds.
      const perSignUp = (rs: typeof rounds) => {
        const parts = Object.keys(rs[0]?.cpuMs ?? {});
        const mean = (f: (r: (typeof rounds)[number]) => number) =>
          rs.reduce((n, r) => n + f(r), 0) / Math.max(1, rs.length);
        return {
          commits: mean((r) => r.commitsPer),
          cpuMs: Object.fromEntries(parts.map((p) => [p, mean((r) => r.cpuMs[p] ?? 0)])),
        };
      };
      const costTwo = perSignUp(rounds.filter((r) => r.two));
      const costOne = perSignUp(rounds.filter((r) => !r.two));
      for (const [kind, c] of [
        ['two organisations', costTwo],
        ['one organisation', costOne],
      ] as const) {
        const total = Object.values(c.cpuMs).reduce((a, b) => a + b, 0);
        log(
          `${label}: ${kind}, per sign-up with its email: ${fmt(c.commits, 1)} commits, CPU ` +
            `${fmt(total, 1)} ms (${cpuList(c.cpuMs)})`,
        );
      }
      const twoRounds = rounds.filter((r) => r.two);
      const oneRounds = rounds.filter((r) => !r.two);
      const twoAll = twoRounds.flatMap((r) => r.all.map((a) => ({ ...a, k: r.first + a.i })));
      const summary2 = summarize(twoAll);
      const oneAll = summarize(oneRounds.flatMap((r) => r.all));
      const perOrganisation = [0, 1].map((o) => summarize(twoAll.filter((a) => a.k % 2 === o)));
      // Every 201 of the two organisations' rounds stored once and emailed once.
      const checks = [];
      for (const r of twoRounds) checks.push(await checkLoad(r, Date.now()));
      const check2 = sumChecks(checks);
      const medianP99 = (rs: typeof rounds) => median(rs.map((r) => summarize(r.all).p99Ms));
      const windowMedian = (rs: typeof rounds) =>
        median(rs.flatMap((r) => windows(r.all).map((w) => w.p99Ms)));
      const twoWindows = windowMedian(twoRounds);
      const oneWindows = windowMedian(oneRounds);
      const twoMedian = medianP99(twoRounds);
      const oneMedian = medianP99(oneRounds);
      const change = ((twoMedian - oneMedian) / oneMedian) * 100;
      const pooledChange = ((summary2.p99Ms - oneAll.p99Ms) / oneAll.p99Ms) * 100;
      twoOrganisations = {
        rate: roundRate,
        roundS,
        summary: summary2,
        perOrganisation,
        check: check2,
        one: oneAll,
        rounds: rounds.map((r) => {
          const st = summarize(r.all);
          return {
            organisations: r.two ? 2 : 1,
            p50Ms: st.p50Ms,
            p99Ms: st.p99Ms,
            failed: st.failed,
          };
        }),
        costPerSignUp: { two: costTwo, one: costOne },
        twoMedianWindowP99Ms: twoWindows,
        oneMedianWindowP99Ms: oneWindows,
        twoMedianP99Ms: twoMedian,
        oneMedianP99Ms: oneMedian,
        p99ChangePercent: change,
        pooledP99ChangePercent: pooledChange,
      };
      log(
        `${label}: two organisations against one, median of the rounds' p99: ` +
          `${fmt(twoMedian, 0)} against ${fmt(oneMedian, 0)} ms ` +
          `(${change >= 0 ? '+' : ''}${fmt(change, 0)} %); all rounds pooled: p99 ` +
          `${fmt(summary2.p99Ms, 0)} against ${fmt(oneAll.p99Ms, 0)} ms ` +
          `(${pooledChange >= 0 ? '+' : ''}${fmt(pooledChange, 0)} %); median 5 s window p99 ` +
          `${fmt(twoWindows, 0)} against ${fmt(oneWindows, 0)} ms; per organisation ` +
          perOrganisation.map((p) => `${fmt(p.p50Ms, 0)}/${fmt(p.p99Ms, 0)}`).join(' and ') +
          `, ${JSON.stringify(summary2.byStatus)}; lost ${check2.lost}, stored twice ` +
          `${check2.storedTwice}, not emailed ${check2.notEmailed}, emailed twice ` +
          `${check2.emailedTwice}`,
      );
    }
    const busy = machine1.busy - machine0.busy;
    const total = machine1.total - machine0.total;
    const main: TopologyResult['main'] = {
      ...summary,
      rate: MAIN_RATE,
      durationS,
      machineBusy: total > 0 ? busy / total : 0,
      latencyPer5s: perWindow,
      idleCpuPercent,
      cpuSecondsPer1000: Object.fromEntries(
        Object.entries(cpu).map(([k, v]) => [k, (v / Math.max(1, check.created)) * 1000]),
      ),
    };

    // Step search for the highest rate with p99 ≤ 250 ms; the run above is its first step.
    const steps: Step[] = [{ rate: MAIN_RATE, ...summary, stoppedEarly: false }];
    const stepS = quick ? 5 : 15;
    const maxSteps = quick ? 3 : 4;
    for (let i = 0; i < maxSteps; i++) {
      const rate = nextRate(steps, LIMITS.stepP99Ms);
      if (rate === undefined) break;
      // The previous step's emails are sent before the next one starts (bounded).
      await stackIdle(db, 20_000);
      const planned = Math.round(rate * stepS);
      log(`${label}: step ${rate}/s for ${stepS} s`);
      const run = await load(rate, stepS, (arrivals) => {
        const bad = arrivals.filter((a) => a.status !== 201 || a.ms > LIMITS.stepP99Ms).length;
        return stepDoomed(bad, planned);
      });
      const st = summarize(run.all);
      steps.push({ rate, ...st, stoppedEarly: st.sent < planned });
      log(
        `${label}: step ${rate}/s: p99 ${fmt(st.p99Ms, 0)} ms, ${st.failed} failed` +
          (st.sent < planned ? `, stopped after ${st.sent} of ${planned}` : ''),
      );
    }
    return {
      topology,
      mode,
      cold,
      connections: { atIdleStart, beforeLoad },
      startS,
      startFailures,
      main,
      check,
      rssAfter,
      rssAnonAfter,
      rssPeak,
      steps,
      highest: highestPassing(steps, LIMITS.stepP99Ms),
      statements,
      twoOrganisations,
    };
  } finally {
    await db?.end().catch(() => undefined);
    await s?.stop();
    await smtp.stop();
  }
}

/** p50/p99 of each window, ms: `121/534 20/98 …`. */
export const windowList = (ws: ReturnType<typeof windows>) =>
  ws.map((w) => `${fmt(w.p50Ms, 0)}/${fmt(w.p99Ms, 0)}`).join(' ');

interface WalStats {
  bytes: number;
  fpi: number;
  checkpoints: number;
}
async function walStats(db: pg.Pool): Promise<WalStats> {
  const { rows } = await db.query<{ bytes: string; fpi: string; checkpoints: string }>(
    `SELECT wal_bytes AS bytes, wal_fpi AS fpi,
            (SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter) AS checkpoints
       FROM pg_stat_wal`,
  );
  const r = rows[0]!;
  return { bytes: Number(r.bytes), fpi: Number(r.fpi), checkpoints: Number(r.checkpoints) };
}
const walList = (a: WalStats, b: WalStats, seconds: number) =>
  `${fmt((b.bytes - a.bytes) / 1e6 / seconds, 2)} MB/s, ${fmt((b.fpi - a.fpi) / seconds, 0)} full-page images/s` +
  (b.checkpoints > a.checkpoints ? `, ${b.checkpoints - a.checkpoints} checkpoint(s)` : '');

/** The services' connections open in PostgreSQL, by application_name (`svc-catalog`, …). */
async function serviceConnections(db: pg.Pool): Promise<Record<string, number>> {
  const { rows } = await db.query<{ name: string; n: number }>(
    `SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity
      WHERE application_name LIKE 'svc-%' GROUP BY 1 ORDER BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

const countList = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'none';

/** `catalog-1`, `catalog-2`, … of every service. */
function serviceProcesses(replicas: number): string[] {
  return SERVICES.flatMap((svc) => Array.from({ length: replicas }, (_, i) => `${svc}-${i + 1}`));
}

/** Every part of the stack with a pid file (services, PostgreSQL, nats-servers, nginx). */
function partPids(s: BenchStack): Record<string, number | undefined> {
  const names = fs
    .readdirSync(pidsDir(s.dataDir))
    .filter((f) => f.endsWith('.pid') && f !== 'launcher.pid')
    .map((f) => f.slice(0, -'.pid'.length))
    .sort();
  return Object.fromEntries(names.map((name) => [name, s.pid(name)]));
}

/**
 * Waits until every address has had an email (bounded); the seconds from `since` until the
 * last of them arrived, or undefined if not all did in time.
 */
async function waitForAddresses(
  smtp: SmtpCapture,
  addresses: string[],
  timeoutMs: number,
  since: number,
): Promise<number | undefined> {
  const wanted = new Set(addresses);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = new Map<string, number>();
    for (const m of smtp.received) if (wanted.has(m.to)) seen.set(m.to, m.at);
    if (seen.size === wanted.size) return (Math.max(since, ...seen.values()) - since) / 1000;
    if (Date.now() > deadline) return undefined;
    await sleep(500);
  }
}

async function checkRun(
  db: pg.Pool,
  smtp: SmtpCapture,
  run: { ids: number[]; addresses: string[]; tag: string },
) {
  const { rows } = await db.query<{ id: number; email: string }>(
    'SELECT id, email FROM registrations.registrations WHERE id = ANY($1::int[]) OR email = ANY($2::text[])',
    [run.ids, run.addresses],
  );
  const ids = new Set(rows.map((r) => r.id));
  const perAddress = new Map<string, number>();
  for (const r of rows) perAddress.set(r.email, (perAddress.get(r.email) ?? 0) + 1);
  const mails = new Map<string, number>();
  for (const m of smtp.received) mails.set(m.to, (mails.get(m.to) ?? 0) + 1);
  const wanted = new Set(run.addresses);
  const duplicateIds = smtp
    .duplicates()
    .filter((id) => smtp.received.some((m) => m.messageId === id && wanted.has(m.to)));
  return {
    lost: run.ids.filter((id) => !ids.has(id)).length,
    storedTwice: [...perAddress.values()].filter((c) => c > 1).length,
    notEmailed: run.addresses.filter((a) => !mails.has(a)).length,
    emailedTwice: Math.max(
      run.addresses.filter((a) => (mails.get(a) ?? 0) > 1).length,
      duplicateIds.length,
    ),
  };
}

/** RssAnon of a process in MB, from /proc/<pid>/status. */
function rssAnonMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const kb = /^RssAnon:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

const mbList = (
  rss: Record<string, number | undefined>,
  anon?: Record<string, number | undefined>,
) =>
  Object.entries(rss)
    .map(([p, mb]) => `${p} ${fmt(mb, 0)}` + (anon ? ` (${fmt(anon[p], 0)})` : ''))
    .join(', ');

export function rateRows(results: TopologyResult[]): Row[] {
  const rows: Row[] = [];
  for (const r of results) {
    const t = `10 rate, ${r.mode} (${r.topology.name})`;
    const m = r.main;
    const c = r.check;
    const rss = Object.values(r.rssAfter);
    const cpu = Object.entries(m.cpuSecondsPer1000)
      .filter(([, v]) => v >= 0.05)
      .sort(([, a], [, b]) => b - a)
      .map(([k, v]) => `${k} ${fmt(v)}`)
      .join(', ');
    rows.push(
      row(
        `${t}: ${m.rate}/s for ${m.durationS} s: p50 / p99 / max`,
        `${fmt(m.p50Ms, 0)} / ${fmt(m.p99Ms, 0)} / ${fmt(m.maxMs, 0)} ms (${m.sent} sent, ` +
          `machine ${fmt(m.machineBusy * 100, 0)} % busy)`,
        `p99 ≤ ${LIMITS.mainP99Ms} ms`,
        m.p99Ms <= LIMITS.mainP99Ms,
      ),
      row(`${t}: answers`, JSON.stringify(m.byStatus), 'all 201', m.failed === 0 && m.sent > 0),
      row(
        `${t}: 201s lost / stored twice / not emailed / emailed twice`,
        `${c.lost} / ${c.storedTwice} / ${c.notEmailed} / ${c.emailedTwice} of ${c.created}` +
          (c.drainedS === undefined
            ? ` (emails not all in ${c.drainTimeoutS} s)`
            : ` (last email ${fmt(c.drainedS)} s after the load)`),
        '0 / 0 / 0 / 0',
        everyOneOnce(c),
      ),
      row(
        `${t}: RSS (of it anonymous) of each service process after the load, MB`,
        `${mbList(r.rssAfter, r.rssAnonAfter)} (peak during it ${fmt(Math.max(0, ...Object.values(r.rssPeak).map((v) => v ?? 0)), 0)})`,
        `< ${LIMITS.rssMb} MB each`,
        rss.length > 0 && rss.every((mb) => mb !== undefined && mb < LIMITS.rssMb),
      ),
      row(
        `${t}: p50 / p99 per 5 s of the ${m.durationS} s, ms`,
        windowList(m.latencyPer5s) +
          (r.mode === 'warm'
            ? ' (after a 5 s warm-up at 50/s)'
            : r.cold?.primed
              ? ` (a 5 s warm-up at 50/s, then ${r.cold.idleS} s idle)`
              : ` (${r.cold?.idleS} s idle, no warm-up ever)`),
      ),
      ...(r.cold
        ? [
            row(
              `${t}: idle before the load; database connections of the services then`,
              `${r.cold.idleS} s (pool idle ${r.cold.poolIdleS ?? 300} s` +
                (r.cold.poolIdleS === undefined ? '' : ' by DB_POOL_IDLE_MS') +
                `, longest idle timeout ${r.cold.longestS} s` +
                (r.cold.outlastsAll ? '' : ', not outlasted') +
                `); ${countList(r.connections.atIdleStart ?? {})} → ` +
                countList(r.connections.beforeLoad),
            ),
          ]
        : []),
      ...twoOrganisationRows(t, r),
      row(`${t}: CPU s per 1,000 sign-ups`, cpu),
      ...(r.startFailures.length
        ? [row(`${t}: failed starts of the stack before this one`, r.startFailures.join('; '))]
        : []),
      row(
        `${t}: highest rate with p99 ≤ ${LIMITS.stepP99Ms} ms`,
        `${r.highest === undefined ? 'none' : `${r.highest}/s`} (` +
          r.steps
            .map(
              (s) =>
                `${s.rate}/s p99 ${fmt(s.p99Ms, 0)} ms` +
                (s.failed ? ` ${s.failed} failed` : '') +
                (s.stoppedEarly ? ' stopped early' : ''),
            )
            .join('; ') +
          ')',
      ),
    );
  }
  return rows;
}

/** A load's 201s: some, and each stored once and emailed once. */
const everyOneOnce = (c: TopologyResult['check']) =>
  c.created > 0 &&
  c.lost === 0 &&
  c.storedTwice === 0 &&
  c.notEmailed === 0 &&
  c.emailedTwice === 0;

/** The checks of several loads as one. */
export function sumChecks(checks: Array<TopologyResult['check']>): TopologyResult['check'] {
  const sum = (f: (c: TopologyResult['check']) => number) => checks.reduce((n, c) => n + f(c), 0);
  const drained = checks.map((c) => c.drainedS);
  return {
    lost: sum((c) => c.lost),
    storedTwice: sum((c) => c.storedTwice),
    notEmailed: sum((c) => c.notEmailed),
    emailedTwice: sum((c) => c.emailedTwice),
    created: sum((c) => c.created),
    drainedS: drained.some((d) => d === undefined)
      ? undefined
      : Math.max(0, ...(drained as number[])),
    drainTimeoutS: Math.max(0, ...checks.map((c) => c.drainTimeoutS)),
  };
}

/** R-ORG-RLS: the two-organisation rounds against the one-organisation rounds, and their checks. */
function twoOrganisationRows(t: string, r: TopologyResult): Row[] {
  const two = r.twoOrganisations;
  if (!two) return [];
  const c = two.check;
  const sign = (n: number) => `${n >= 0 ? '+' : ''}${fmt(n, 0)} %`;
  return [
    row(
      `${t}: two organisations against one, ${two.rounds.length} rounds of ${two.rate}/s for ` +
        `${two.roundS} s (${two.rounds.map((x) => x.organisations).join(', ')}): ` +
        'median round p99 (pooled p99; each organisation p50/p99)',
      `${fmt(two.twoMedianP99Ms, 0)} against ${fmt(two.oneMedianP99Ms, 0)} ms, ` +
        `${sign(two.p99ChangePercent)} (pooled ${fmt(two.summary.p99Ms, 0)} against ` +
        `${fmt(two.one.p99Ms, 0)} ms, ${sign(two.pooledP99ChangePercent)}; median 5 s window ` +
        `p99 ${fmt(two.twoMedianWindowP99Ms, 0)} against ${fmt(two.oneMedianWindowP99Ms, 0)} ms; ` +
        `${two.perOrganisation.map((p) => `${fmt(p.p50Ms, 0)}/${fmt(p.p99Ms, 0)}`).join(', ')}); ` +
        `rounds' p99 ${two.rounds.map((x) => `${x.organisations}: ${fmt(x.p99Ms, 0)}`).join(', ')}`,
      `median within +${LIMITS.organisationsP99Percent} %`,
      two.p99ChangePercent <= LIMITS.organisationsP99Percent,
    ),
    row(
      `${t}: two organisations: answers; lost / stored twice / not emailed / emailed twice`,
      `${JSON.stringify(two.summary.byStatus)}; ${c.lost} / ${c.storedTwice} / ${c.notEmailed} / ` +
        `${c.emailedTwice} of ${c.created}`,
      'all 201; 0 / 0 / 0 / 0',
      two.summary.failed === 0 && everyOneOnce(c),
    ),
  ];
}
