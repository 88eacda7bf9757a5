// `npm run bench`: starts its own stack and runs every benchmark, prints the table of targets
// and writes bench/results/latest.json. Options: --port N (default 19200), --only a,b (names:
// burst, lock, race, email, draw, list, search, weight, lighthouse, requests, rate, rolling, scope), --quick (shorter runs, for trying
// it out). `scope` needs only a PostgreSQL of its own. Diagnostics of the burst, which judge no target: --hold notify (services stopped
// during the product's burst), --statements (PostgreSQL's costliest statements in it; with
// rate, in its loads). `rate` and `rolling` start stacks of their own, before the shared one (not started
// when only those are asked for). Of `rate`: --cold (an idle stack, no warm-up, instead of the
// warm-up: at least 10 minutes idle), --cold-idle-s N (the idle, seconds), --cold-pool-idle-s N
// (the services' database pool idle, DB_POOL_IDLE_MS, instead of the product's 300 s: the idle
// is then twice the longest timeout it must outlast, 130 s for 60), --cold-primed (the warm-up
// before the idle, so only what the idle undid is cold), --topology one|two|both, --organisations 2 [--organisations-rate N]
// (the main load again right after it, every other sign-up on a second organisation).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Api, naschoolPool, seedSchool, sleep, stackIdle, waitForProjection } from './lib/api.js';
import { fmt, machineFacts, printTable, row, say, type Row } from './lib/report.js';
import { SmtpCapture } from './lib/smtp.js';
import { readMetrics, WATCHED } from './lib/metrics.js';
import { benchRoot, SERVICES, serviceRss, startBenchStack, type ServiceName } from './lib/stack.js';
import { STATEMENTS_SETTINGS } from './lib/statements.js';
import { burstVsBaseline } from './benchmarks/burst-vs-baseline.js';
import { lockPropagation } from './benchmarks/lock-propagation.js';
import { approvalRace } from './benchmarks/approval-race.js';
import { emailBurst } from './benchmarks/email.js';
import { drawBenchmark } from './benchmarks/draw.js';
import { adminListAtScale } from './benchmarks/admin-list.js';
import { lighthouseAudit, pageWeights } from './benchmarks/browser.js';
import { activityListLatency, loginLatency, timeToActivityList } from './benchmarks/requests.js';
import { rateBenchmark, rateChoices, rateRows } from './benchmarks/rate.js';
import { rollingRestart } from './benchmarks/rolling.js';
import { organisationScopeBenchmark } from './benchmarks/organisation-scope.js';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '19200' },
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    hold: { type: 'string' },
    statements: { type: 'boolean', default: false },
    cold: { type: 'boolean', default: false },
    'cold-idle-s': { type: 'string' },
    'cold-pool-idle-s': { type: 'string' },
    'cold-primed': { type: 'boolean', default: false },
    topology: { type: 'string' },
    organisations: { type: 'string' },
    'organisations-rate': { type: 'string' },
  },
});
const rateArgs = rateChoices({
  cold: args.cold,
  coldIdleS: args['cold-idle-s'],
  coldPoolIdleS: args['cold-pool-idle-s'],
  coldPrimed: args['cold-primed'],
  topology: args.topology,
  organisations: args.organisations,
  organisationsRate: args['organisations-rate'],
});
const hold = (args.hold?.split(',') ?? []).map((name) => {
  if (!(SERVICES as readonly string[]).includes(name)) {
    throw new Error(`--hold ${name}: not a service (${SERVICES.join(', ')})`);
  }
  return name as ServiceName;
});
const port = Number(args.port);
const quick = args.quick;
const only = args.only?.split(',');
const wanted = (name: string) => !only || only.includes(name);
/** Benchmarks that start stacks of their own. */
const OWN_STACK = ['rate', 'rolling', 'scope'];
const KIB = 1024;

async function main(): Promise<number> {
  const facts = machineFacts();
  say(
    `commit ${facts.commit.slice(0, 12)}${facts.dirty ? ' (+ uncommitted changes)' : ''}, ` +
      `${facts.cpus} CPUs, load ${facts.loadavg.map((l) => l.toFixed(1)).join(' ')}`,
  );
  const rows: Row[] = [];
  const results: Record<string, unknown> = { machine: facts };
  // 10. Sign-ups at a fixed rate, in both topologies, each on a stack of its own.
  if (wanted('rate')) {
    const rate = await rateBenchmark({
      port,
      quick,
      statements: args.statements,
      mode: rateArgs.mode,
      cold: rateArgs.cold,
      topologies: rateArgs.topologies,
      organisations: rateArgs.organisations,
      organisationsRate: rateArgs.organisationsRate,
      log: say,
    });
    results.rate = { mode: rateArgs.mode, coldPlan: rateArgs.cold ?? null, topologies: rate };
    rows.push(...rateRows(rate));
  }
  // 11. A rolling restart of every service process under sign-ups without a key (R-OPS-ROLLING).
  if (wanted('rolling')) {
    const rolling = await rollingRestart({ port, rate: quick ? 20 : 30, log: say });
    results.rolling = rolling;
    const slowest = Math.max(...rolling.restarts.map((r) => r.readyS ?? Infinity));
    rows.push(
      row(
        'rolling restart: answers 5xx or none (sign-ups without a key, public lists)',
        `${rolling.failed} of ${rolling.signups.sent + rolling.lists.sent} (sign-ups ${JSON.stringify(rolling.signups.byStatus)}, lists ${JSON.stringify(rolling.lists.byStatus)}); ${rolling.restarts.length} processes in ${fmt(rolling.loadS, 0)} s, each ready again within ${fmt(slowest)} s`,
        '0',
        rolling.failed === 0,
      ),
      row(
        'rolling restart: sign-ups answered 201 but not stored',
        String(rolling.lost),
        '0',
        rolling.lost === 0,
      ),
      row(
        'rolling restart: sign-ups p99 / max',
        `${fmt(rolling.signups.p99Ms, 0)} / ${fmt(rolling.signups.maxMs, 0)} ms at ${quick ? 20 : 30} a second`,
      ),
    );
  }
  // 12. What setting the organisation per transaction costs, on one connection of its own.
  if (wanted('scope')) {
    const scope = await organisationScopeBenchmark({ quick, log: say });
    results.scope = scope;
    const us = (n: number) => `${fmt(n, 0)} µs`;
    for (const [name, c] of [
      ['a transaction of one statement', scope.transaction],
      ['a query outside a transaction', scope.plainQuery],
    ] as const) {
      rows.push(
        row(
          `organisation set: ${name}, wall / node CPU / PostgreSQL CPU`,
          `${us(c.organisation.wallUs)} / ${us(c.organisation.nodeCpuUs)} / ${us(c.organisation.pgCpuUs)} (none set: ${us(c.none.wallUs)} / ${us(c.none.nodeCpuUs)} / ${us(c.none.pgCpuUs)})`,
        ),
      );
    }
  }
  if (only?.every((name) => OWN_STACK.includes(name))) return finish(facts, rows, results);
  const smtp = new SmtpCapture(port + 10_028);
  await smtp.start();
  say(`starting the stack on port ${port}`);
  const t0 = Date.now();
  const s = await startBenchStack({
    port,
    env: { SMTP_URL: smtp.url },
    postgresSettings: args.statements ? STATEMENTS_SETTINGS : undefined,
  });
  say(`stack ready in ${((Date.now() - t0) / 1000).toFixed(1)} s (data in ${s.dataDir})`);
  const db = naschoolPool(s.adminDbUrl);
  try {
    const api = new Api(s.api);
    await api.login();
    // Set-up shared by the benchmarks: one school with 20 activities for the burst.
    const main = await seedSchool(api, { name: 'Benchschool', activities: 20, capacity: 10_000 });
    await waitForProjection(db, main.activityIds);
    // The school page that page weight and Lighthouse open: 40 activities with places left.
    const pages =
      wanted('weight') || wanted('lighthouse')
        ? await seedSchool(api, { name: 'Paginaschool', activities: 40, capacity: 20 })
        : undefined;
    if (pages) await waitForProjection(db, pages.activityIds);
    await sleep(3000);
    const idle = serviceRss(s);
    results.memoryIdle = idle;
    const metricsBefore = await readMetrics(port, SERVICES);

    // 1. Sign-up burst, product and baseline.
    if (wanted('burst')) {
      const burstRun = await burstVsBaseline({
        s,
        api,
        db,
        activities: main.activityIds.map((id) => ({ id, token: main.school.accessToken })),
        durationS: quick ? 10 : 30,
        baselinePorts: { gateway: port + 1, app: port + 10_027 },
        hold,
        statements: args.statements,
      });
      results.burst = burstRun.results;
      results.memoryAfterBurst = burstRun.afterBurst;
      rows.push(...burstRun.rows);
      for (const name of SERVICES) {
        const mb = burstRun.afterBurst[name];
        rows.push(
          row(
            `7 memory: ${name} RSS idle → after burst`,
            `${fmt(idle[name], 0)} → ${fmt(mb, 0)} MB`,
            '≤ 150 MB',
            mb !== undefined && mb <= 150,
          ),
        );
      }
    }

    // 8. Lock propagation to the sign-up path, under a burst like benchmark 1's.
    if (wanted('lock')) {
      const rounds = quick ? 10 : 30;
      say(
        `8. lock propagation: ${rounds} locks under a burst of 50 connections over 20 activities`,
      );
      const lockSchool = await seedSchool(api, {
        name: 'Slotschool',
        activities: 20,
        capacity: 10_000,
        blockId: main.blockId,
        providerId: main.providerId,
      });
      const lock = await lockPropagation({
        base: s.api,
        api,
        school: lockSchool.school,
        activityIds: lockSchool.activityIds,
        rounds,
        connections: 50,
        log: say,
      });
      results.lockPropagation = lock;
      const others: Record<string, number> = {};
      for (const r of lock.rounds) {
        for (const [k, v] of Object.entries(r.otherAnswers)) others[k] = (others[k] ?? 0) + v;
      }
      rows.push(
        row(
          '8 lock propagation to the sign-up path under the sign-up burst: p50 / p99',
          `${fmt(lock.p50, 0)} / ${fmt(lock.p99, 0)} ms (max ${fmt(lock.max, 0)}, ${rounds} rounds; ` +
            `the sign-up before the first refusal started ${fmt(lock.atLeastP50, 0)} / ` +
            `${fmt(lock.atLeastP99, 0)} ms after the lock` +
            (lock.notPropagated
              ? `, ${lock.notPropagated} never held in ${lock.windowMs} ms`
              : '') +
            ')',
          'p99 ≤ 1000 ms',
          lock.p99 <= 1000 && lock.notPropagated === 0,
        ),
        row(
          "8 lock: sign-ups accepted that started over 1 s after the lock's 200",
          `${lock.violations} of ${lock.rounds.reduce((n, r) => n + r.afterLock, 0)} ` +
            `(${lock.acceptedWithinBound} accepted within the first second)` +
            (Object.keys(others).length ? `; other answers ${JSON.stringify(others)}` : ''),
          '0',
          lock.violations === 0,
        ),
        row(
          '8 lock: burst meanwhile req/s, p99; lock PUT p50',
          `${fmt(lock.burst.rps, 0)}, ${fmt(lock.burst.p99)} ms; ${fmt(lock.lockCallP50)} ms`,
        ),
      );
    }

    // Latencies of single requests, for the feature issues: login, a school of 200 activities.
    if (wanted('requests')) {
      say('requests: login latency, activity list of 200, time to the list in Chromium');
      const login = await loginLatency(s.api, quick ? 20 : 50);
      const list = await activityListLatency(api, { count: 200, requests: quick ? 100 : 300 });
      const toList = await timeToActivityList(s.api, list.school.accessToken, quick ? 3 : 5);
      results.requests = { login, activityList: list, timeToActivityList: toList };
      rows.push(
        row('login p50 / p95 (argon2id 19 MiB, t=2)', `${fmt(login.p50)} / ${fmt(login.p95)} ms`),
        row(
          'GET /api/activities, 200 activities: p50 / p95',
          `${fmt(list.p50)} / ${fmt(list.p95)} ms`,
        ),
        row(
          'school page to activity list, cold cache: median / max',
          `${fmt(toList.p50, 0)} / ${fmt(toList.max, 0)} ms`,
        ),
      );
    }

    // 2. Approval race.
    if (wanted('race')) {
      const rounds = quick ? 5 : 20;
      say(`2. approval race: a warm-up and ${rounds} timed rounds of 200 approvals for 50 places`);
      const race = await approvalRace({
        api,
        db,
        school: main.school,
        blockId: main.blockId,
        providerId: main.providerId,
        rounds,
        capacity: 50,
        signups: 200,
      });
      results.race = race;
      const exact =
        race.approvedPerRound.every((n) => n === 50) &&
        race.answeredApprovedPerRound.every((n) => n === 50);
      rows.push(
        row(
          '2 race: approved per round',
          `${Math.min(...race.approvedPerRound)}–${Math.max(...race.approvedPerRound)} over ${rounds} rounds and the warm-up` +
            (race.non200 ? `, ${race.non200} non-200` : ''),
          '50 every round',
          exact && race.non200 === 0,
        ),
        row('2 race: approvals/s', fmt(race.approvalsPerSecond, 0)),
        row(
          '2 race: p50 / p99',
          `${fmt(race.p50)} / ${fmt(race.p99)} ms`,
          'p99 ≤ 200 ms',
          race.p99 <= 200,
        ),
      );
    }

    // 6. Email.
    if (wanted('email')) {
      const count = quick ? 200 : 1000;
      say(`6. email: ${count} approvals with send-email`);
      const mail = await emailBurst({
        api,
        db,
        smtp,
        school: main.school,
        blockId: main.blockId,
        providerId: main.providerId,
        count,
        timeoutS: 120,
      });
      results.email = mail;
      rows.push(
        row(
          `6 email: ${count} delivered`,
          mail.allDeliveredS === undefined
            ? `only ${mail.delivered} after 120 s`
            : `${fmt(mail.allDeliveredS)} s (approvals took ${fmt(mail.approvePhaseS)} s)`,
          '≤ 30 s',
          mail.allDeliveredS !== undefined && mail.allDeliveredS <= 30,
        ),
        row(
          '6 email: sent twice / missing / approval errors',
          `${mail.duplicates} / ${mail.missing} / ${mail.approvalErrors}`,
          '0 / 0 / 0',
          mail.duplicates === 0 && mail.missing === 0 && mail.approvalErrors === 0,
        ),
      );
    }

    // 9. The draw of a lottery block.
    if (wanted('draw')) {
      const scale = quick ? 5 : 1;
      const entries = 5000 / scale;
      say(`9. draw: a lottery block of ${300 / scale} activities and ${entries} entries`);
      const draw = await drawBenchmark({
        api,
        db,
        smtp,
        schools: 6,
        activities: 300 / scale,
        families: 3000 / scale,
        entries,
        concurrency: 24,
        emailTimeoutS: 600,
        log: say,
      });
      results.draw = draw;
      const st = draw.stats;
      const errors = Object.entries(draw.signUpErrors)
        .map(([k, n]) => `${n}× ${k}`)
        .join(', ');
      rows.push(
        row(
          '9 draw: seeding (sign-ups through the API)',
          `${draw.signedUp} of ${draw.planned} entries (${draw.children} children, ` +
            `${draw.families} families, ${draw.activities} activities of ${draw.schools} ` +
            `schools, ${draw.capacity} places) in ${fmt(draw.seedingS)} s, ` +
            `${fmt(draw.signUpsPerS, 0)}/s${errors ? `; refused ${errors}` : ''}`,
          'all 201',
          draw.signedUp === draw.planned,
        ),
        row(
          '9 draw: sign-up after the window closed',
          draw.afterClose,
          '409 SIGNUP_CLOSED',
          draw.afterClose === '409 SIGNUP_CLOSED',
        ),
        row(
          `9 draw: preview of ${st?.entries ?? draw.signedUp} entries, median of 3`,
          `${fmt(draw.previewMedianMs, 0)} ms (${draw.previewMs.map((ms) => fmt(ms, 0)).join(', ')}; ` +
            `${draw.previewsIdentical ? 'the same draw each time' : 'DIFFERENT draws'})`,
          '≤ 2 s',
          draw.previewMedianMs <= 2000 && draw.previewsIdentical,
        ),
        row(
          '9 draw: publish with send-email, until its 200',
          draw.publishStatus === 200
            ? `${fmt(draw.publishMs, 0)} ms`
            : `answered ${draw.publishStatus} after ${fmt(draw.publishMs, 0)} ms`,
          '≤ 5 s',
          draw.publishStatus === 200 && draw.publishMs <= 5000,
        ),
        row(
          '9 draw: entries / children / children placed / entries placed / first choices / waitlisted',
          st
            ? `${st.entries} / ${st.children} / ${st.childrenPlaced} / ${st.placed} / ` +
                `${st.firstChoices} / ${st.waitlisted}`
            : 'n/a',
        ),
        row(
          '9 draw: statuses after the publish (approved / waitlisted / other)',
          `${draw.statuses.approved ?? 0} / ${draw.statuses.waitlisted ?? 0} / ` +
            `${Object.entries(draw.statuses)
              .filter(([k]) => k !== 'approved' && k !== 'waitlisted')
              .reduce((n, [, v]) => n + v, 0)}`,
          "the draw's",
          st !== undefined &&
            draw.statuses.approved === st.placed &&
            (draw.statuses.waitlisted ?? 0) === st.waitlisted &&
            Object.keys(draw.statuses).every((k) => k === 'approved' || k === 'waitlisted'),
        ),
        row(
          '9 draw: emails after the publish (one per entry)',
          `${draw.emails.received} of ${draw.emails.expected} ` +
            `(${draw.emails.approved} approved, ${draw.emails.waitlist} waiting list), ` +
            (draw.emails.allS === undefined
              ? `not all within ${draw.emails.timeoutS} s`
              : `the last ${fmt(draw.emails.allS)} s after the publish request`) +
            `; ${draw.emails.duplicates} twice`,
          '= entries, none twice',
          draw.emails.expected > 0 &&
            draw.emails.received === draw.emails.expected &&
            draw.emails.duplicates === 0,
        ),
      );
    }

    // 3. Admin list at scale.
    if (wanted('list') || wanted('search')) {
      const total = quick ? 20_000 : 100_000;
      say(`3. admin list: ${total} sign-ups over 30 schools`);
      const kinds = (['filters', 'search'] as const).filter((k) =>
        wanted(k === 'filters' ? 'list' : 'search'),
      );
      const list = await adminListAtScale({
        stack: s,
        api,
        db,
        schools: 30,
        activitiesPerSchool: 4,
        rows: total,
        samples: quick ? 15 : 100,
        kinds: [...kinds],
      });
      results.adminList = list;
      for (const q of list.queries) {
        rows.push(
          row(`3 list: ${q.name} (of ${q.total})`, `p50 ${fmt(q.p50)} / p95 ${fmt(q.p95)} ms`),
        );
      }
      rows.push(
        row(
          `3 list: p95 at ${total} sign-ups (worst query / all)`,
          `${fmt(list.worstP95)} / ${fmt(list.overallP95)} ms`,
          '≤ 30 ms',
          list.worstP95 <= 30,
        ),
      );
      const searches = list.queries.filter((q) => q.name.startsWith('search'));
      if (searches.length) {
        const worst = Math.max(...searches.map((q) => q.p95));
        rows.push(
          row(
            `3 search: p95 of a q search at ${total} sign-ups (worst query)`,
            `${fmt(worst)} ms`,
            '≤ 30 ms',
            worst <= 30,
          ),
        );
      }
    }

    // 4. Page weight.
    if (wanted('weight')) {
      say('4. page weight');
      const activityId = main.activityIds[0]!;
      const link = await api.must<{ url: string }>(
        'POST',
        `/api/admin/activities/${activityId}/provider-token/generate`,
      );
      const token = new URL(link.url).searchParams.get('token')!;
      // Registrations learns the link's hash from an event.
      for (let i = 0; i < 100; i++) {
        const a = await api.call('GET', `/api/provider/${activityId}/participants?token=${token}`);
        if (a.status === 200) break;
        await sleep(100);
      }
      const weights = await pageWeights({
        web: s.web,
        sessionCookie: api.sessionCookie,
        school: { token: pages!.school.accessToken, name: 'Paginaschool' },
        schoolLanguages: ['nl', 'ar'],
        provider: { activityId, token },
      });
      results.pageWeight = weights;
      for (const w of weights) {
        for (const a of [...w.weight.assets].sort((x, y) => y.gzipBytes - x.gzipBytes)) {
          rows.push(
            row(`4 weight: ${w.name}: ${a.path}`, `${fmt(a.gzipBytes / KIB)} KiB gzip (${a.type})`),
          );
        }
        const js = w.weight.script.gzipBytes / KIB;
        const css = w.weight.stylesheet.gzipBytes / KIB;
        const isSchool = w.name.startsWith('school page');
        rows.push(
          row(
            `4 weight: ${w.name} JS total`,
            `${fmt(js)} KiB gzip in ${w.weight.script.count} files`,
            isSchool ? '≤ 160 KiB' : undefined,
            isSchool ? js <= 160 : undefined,
          ),
          row(
            `4 weight: ${w.name} CSS total`,
            `${fmt(css)} KiB gzip in ${w.weight.stylesheet.count} files`,
          ),
        );
        if (isSchool) {
          rows.push(
            row(
              `4 weight: ${w.name} loads admin/provider code`,
              w.foreignRemoteRequests.length ? w.foreignRemoteRequests.join(' ') : 'none',
              'none',
              w.foreignRemoteRequests.length === 0,
            ),
          );
        }
      }
    }

    // 5. Lighthouse.
    if (wanted('lighthouse')) {
      const runs = quick ? 1 : 3;
      say(`5. lighthouse: landing and the school page in nl and ar, ${runs} run(s) each`);
      // Not while the stack still sends the emails of earlier benchmarks' sign-ups: the page's
      // tasks would share the CPU with them, which Total Blocking Time counts.
      const idleS = await stackIdle(db, 300_000);
      rows.push(
        row(
          '5 lighthouse: stack idle before the runs',
          idleS === undefined ? 'not within 300 s' : `after ${fmt(idleS, 0)} s`,
        ),
      );
      const lh = await lighthouseAudit(
        [
          { name: 'landing', url: `${s.web}/` },
          { name: 'school page (nl)', url: `${s.web}/schools/${pages!.school.accessToken}` },
          {
            name: 'school page (ar)',
            url: `${s.web}/schools/${pages!.school.accessToken}?lng=ar`,
          },
        ],
        runs,
      );
      results.lighthouse = lh;
      for (const r of lh) {
        rows.push(
          row(
            `5 lighthouse: ${r.name} performance`,
            `${r.score} (median of ${r.runs})`,
            '≥ 95',
            r.score >= 95,
          ),
          row(
            `5 lighthouse: ${r.name} LCP`,
            `${fmt(r.lcpMs / 1000, 2)} s`,
            '≤ 1.5 s',
            r.lcpMs <= 1500,
          ),
          row(`5 lighthouse: ${r.name} TBT`, `${fmt(r.tbtMs, 0)} ms`, '≤ 100 ms', r.tbtMs <= 100),
          // Headless Chromium sometimes shows a frame a second or two after it was painted
          // (bench/README.md); the runs' own first paints tell such runs apart.
          row(
            `5 lighthouse: ${r.name} FCP; observed first paint per run`,
            `${fmt(r.fcpMs / 1000, 2)} s; ${r.all.map((a) => fmt(a.observedFcpMs, 0)).join(' / ')} ms`,
          ),
          row(`5 lighthouse: ${r.name} CLS`, fmt(r.cls, 3), '≤ 0.05', r.cls <= 0.05),
        );
      }
    }
    results.memoryEnd = serviceRss(s);

    // 6. The services' own counters moved by the runs above (R-OPS-METRICS).
    const metricsAfter = await readMetrics(port, SERVICES);
    const moved: Record<string, Record<string, number>> = {};
    for (const name of SERVICES) {
      const before = metricsBefore[name];
      const after = metricsAfter[name];
      for (const metric of WATCHED) {
        if (!before || !after || after[metric] === undefined) continue;
        const delta = after[metric] - (before[metric] ?? 0);
        (moved[name] ??= {})[metric] = delta;
        rows.push(row(`6 metrics: ${name} ${metric}`, `+${fmt(delta, 0)}`));
      }
      rows.push(
        row(
          `6 metrics: ${name} /metrics read before and after`,
          before && after ? 'yes' : 'no',
          'yes',
          Boolean(before && after),
        ),
      );
    }
    results.metrics = moved;
  } finally {
    await db.end().catch(() => undefined);
    say('stopping the stack');
    await s.stop();
    await smtp.stop();
  }
  return finish(facts, rows, results);
}

/** Prints the table and writes results/latest.json. */
function finish(
  facts: ReturnType<typeof machineFacts>,
  rows: Row[],
  results: Record<string, unknown>,
): number {
  const table = printTable(
    `bench on ${facts.cpus} CPUs, commit ${facts.commit.slice(0, 12)}${facts.dirty ? '+' : ''}`,
    rows,
  );
  const dir = path.join(benchRoot, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'latest.json');
  fs.writeFileSync(file, `${JSON.stringify({ ...results, rows, table }, null, 2)}\n`);
  say(`written ${path.relative(process.cwd(), file)}`);
  const missed = rows.filter((r) => r.ok === false).length;
  say(`${rows.filter((r) => r.ok === true).length} targets met, ${missed} missed`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.stack ?? err);
    process.exit(1);
  },
);
