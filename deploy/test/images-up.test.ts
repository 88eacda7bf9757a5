// R-RUN-IMAGES-UP: `npm run images:up` really run from the images in the local store: the
// product answers GET /api/health through the gateway container, every container runs as a
// numeric non-root user on a read-only root, the whole walk across the services (the
// version-skew test's, bench/src/lib/walk.ts) holds through the gateway container with the
// emails caught by an SMTP capture, and while keyed sign-ups run continuously one container
// of each service is killed from outside (`podman kill`) and one of the launcher's three
// nats-server nodes too: every sign-up ends 201 (a client sends it again with its key on a
// network error, 502 or 503; R-IDEMPOTENCY, R-GATEWAY-RETRY), each is stored once and
// confirmed by email once, and every killed part runs again with health ok. SIGTERM removes
// every container it started. This is `npm test`'s run of the production topology under kills
// (R-RUN-REPLICAS: two of each service, three NATS nodes), on what ships; `npm run chaos --
// --replicas 2 --nats-nodes 3` runs the same on the launcher's processes, with approvals.
// Needs the nine images and `npm run build:backend`: `npm test` runs it in the images' suite
// after images-build.test.ts (vitest.images.config.ts); elsewhere it needs IMAGES_TEST=1.
import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { SERVICE_NAMES } from '@nsa/contracts';
import { existingAdminUrl, isAlive } from '@nsa/local-infra';
import fs from 'node:fs';
import pg from 'pg';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine, repoRoot, run, type Engine } from '../images/engine.mjs';
import { derivePorts } from '../local/config.js';
import {
  exited,
  expectShellAndRemotes,
  imagesSkipReason,
  loadBenchApi,
  loadBenchSmtp,
  loadBenchWalk,
  portOpen,
  sleep,
  startImagesUp,
  stopImagesUp,
  type ImagesUp,
  type SmtpCapture,
  type UpContainer,
} from './image-walk.js';

const engine = detectEngine();
const GATEWAY_PORT = Number(process.env.IMAGES_UP_PORT || 22300);
// The launcher's ports for two of each and three NATS nodes: its PostgreSQL, the nodes'
// monitoring ports; the SMTP capture takes the mail catcher's port, unused with SMTP_URL.
const PORTS = derivePorts({}, GATEWAY_PORT, { replicas: 2, natsNodes: 3 });
/** Sign-up clients at once during the kills, each one sign-up after the other. */
const CLIENTS = 4;
/**
 * svc-notify's mail workers (MAIL_CONCURRENCY's default, which the overlay keeps): each holds
 * one delivery between the SMTP server's answer and its `sent` commit, and its pool's 5
 * connections go on to the next worker's email meanwhile, so a kill can catch one per worker.
 */
const NOTIFY_MAIL_WORKERS = 8;
const SERVICES = SERVICE_NAMES;
const SKIP_REASON = imagesSkipReason('images-up.test.ts', engine, { launcher: true });

const e = engine as Engine;
const base = `http://127.0.0.1:${GATEWAY_PORT}`;
let up: ImagesUp | undefined;
let containers: UpContainer[] = [];
let smtp: SmtpCapture | undefined;
let db: pg.Pool | undefined;

/**
 * GET /api/health through the gateway until it answers ok, for up to `withinMs` (2 CPUs shared
 * with other work can make one answer slow); answers the last answer.
 */
async function health(withinMs = 30_000): Promise<{ status: number; body?: { ok: boolean } }> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    let answer: { status: number; body?: { ok: boolean } } = { status: 0 };
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) });
      answer = { status: res.status, body: (await res.json()) as { ok: boolean } };
    } catch {
      // no answer in time
    }
    if ((answer.status === 200 && answer.body?.ok) || Date.now() > deadline) return answer;
    await sleep(500);
  }
}

/**
 * The engine without blocking this process: while sign-ups run, the SMTP capture here must
 * answer the notifier at once (a late answer times out its send, which it then sends again).
 */
const engineAsync = async (args: string[]) =>
  (
    await promisify(execFile)(e.bin, [...e.globalArgs, ...args], { env: e.env, cwd: repoRoot })
  ).stdout.trim();
const state = (id: string) =>
  engineAsync(['inspect', '--format', '{{.State.Status}}', id]).catch(() => '');

describe.skipIf(!!SKIP_REASON)(
  SKIP_REASON ? `images:up (skipped: ${SKIP_REASON})` : 'npm run images:up',
  { timeout: 300_000 },
  () => {
    beforeAll(async () => {
      const { SmtpCapture } = await loadBenchSmtp();
      smtp = new SmtpCapture(PORTS.mailSmtp, { keepMessages: true });
      await smtp.start();
      const { ADMIN } = await loadBenchWalk();
      up = await startImagesUp(
        GATEWAY_PORT,
        {
          DEMO_DATA: '1',
          SIGNUP_RATE_LIMIT: '0',
          LOGIN_RATE_LIMIT: '0',
          BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
          BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
          BOOTSTRAP_ADMIN_NAME: ADMIN.name,
          SMTP_URL: smtp.url,
          LOG_LEVEL: 'warn',
        },
        (started) => (up = started),
      );
      containers = up.containers();
      const { naschoolPool } = await loadBenchApi();
      db = naschoolPool(
        existingAdminUrl(path.join(up.dataDir, 'postgres', 'data'), PORTS.postgres),
        2,
      );
      // An idle connection PostgreSQL ends is no failure of the test.
      db.on('error', () => undefined);
    }, 300_000);

    afterAll(async () => {
      await db?.end().catch(() => undefined);
      await smtp?.stop();
      await stopImagesUp(e, up, containers);
    }, 120_000);

    it('answers GET /api/health ok through the gateway container, with two of each service', async () => {
      const h = await health();
      expect(h.status).toBe(200);
      expect(h.body?.ok).toBe(true);
      for (const s of SERVICES) {
        expect(containers.filter((c) => c.part.startsWith(`${s}-`)).length, s).toBe(2);
      }
      for (const n of ['gateway', 'shell', 'mfe-public', 'mfe-admin', 'mfe-provider']) {
        expect(containers.filter((c) => c.part === `${n}-1`).length, n).toBe(1);
      }
      // The shell, and the remotes the registry names, are in their images.
      await expectShellAndRemotes(base);
    });

    it('runs every container as a numeric non-root user on a read-only root, on the host loopback', () => {
      for (const c of containers) {
        const out = run(e, [
          'inspect',
          '--format',
          '{{.Config.User}} {{.HostConfig.ReadonlyRootfs}} {{.HostConfig.NetworkMode}}',
          c.id,
        ]).stdout.trim();
        expect(out, c.part).toMatch(/^[1-9]\d*(:\d+)? true host$/);
      }
    });

    // Each service's init container `migrate` ran to its end before its replicas started, as
    // the owner role, with the treatment of the replicas' containers; they never got its URL.
    it("runs each service's init container migrate first, as its owner role, as locked down as its replicas", async () => {
      const out = up!.output();
      const created = out.indexOf('containers created in');
      expect(created).toBeGreaterThan(0);
      const upDir = path.join(up!.dataDir, 'images-up');
      const envOf = (file: string) =>
        Object.fromEntries(
          fs
            .readFileSync(path.join(upDir, file), 'utf8')
            .split('\n')
            .filter((l) => l.includes('='))
            .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
        );
      // What images:up ran them with: the overlay's Deployments as it reads them.
      const rendered = spawnSync(
        process.env.KUBECTL || 'kubectl',
        ['kustomize', path.join(upDir, 'k8s', 'overlays', 'local')],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      expect(rendered.status, rendered.stderr).toBe(0);
      const objects = parseAllDocuments(rendered.stdout)
        .map((d) => d.toJS() as unknown)
        .filter(Boolean);
      const upModule = path.join(repoRoot, 'deploy', 'images', 'up.mjs');
      type Run = {
        name: string;
        image: string;
        command?: string[];
        user?: string;
        readOnly: boolean;
        dropAll: boolean;
        noNewPrivileges: boolean;
      };
      const { workloads } = (await import(upModule)) as {
        workloads: (objects: unknown[]) => (Run & { init: Run[] })[];
      };
      const all = workloads(objects);
      for (const s of SERVICES) {
        const done = out.indexOf(`${s}: init container migrate done`);
        expect(done, s).toBeGreaterThan(0);
        expect(done, s).toBeLessThan(created);
        const w = all.find((x) => x.name === s)!;
        expect(w.init.map((i) => i.name)).toEqual(['migrate']);
        const init = w.init[0]!;
        expect(init.image).toBe(w.image);
        expect(init.command).toEqual(['node', 'dist/src/main.js', 'migrate']);
        expect(init.user).toMatch(/^[1-9]\d*(:\d+)?$/);
        expect(
          [init.user, init.readOnly, init.dropAll, init.noNewPrivileges],
          `${s}: as its replicas`,
        ).toEqual([w.user, true, true, true]);
        // Its environment: the owner role's URL, which logs in and acts as the service's role.
        const env = envOf(`${s}-migrate.env`);
        expect(Object.keys(env).sort()).toEqual([
          'DB_SCHEMA',
          'LOG_LEVEL',
          'MIGRATION_DATABASE_URL',
        ]);
        expect(new URL(env.MIGRATION_DATABASE_URL!).username).toBe(`svc_${s}_owner`);
        const owner = new pg.Client({ connectionString: env.MIGRATION_DATABASE_URL });
        await owner.connect();
        try {
          const me = await owner.query<{ member: boolean }>(
            `SELECT pg_has_role(current_user, 'svc_${s}', 'MEMBER') AS member`,
          );
          expect(me.rows[0]!.member, s).toBe(true);
        } finally {
          await owner.end();
        }
        // The replicas: the runtime role's URL only.
        for (const part of containers.filter((c) => c.part.startsWith(`${s}-`))) {
          const replica = envOf(`${part.part}.env`);
          expect(replica.MIGRATION_DATABASE_URL, part.part).toBeUndefined();
          expect(new URL(replica.DATABASE_URL!).username, part.part).toBe(`svc_${s}`);
        }
      }
    });

    it('walks every path across the services through the gateway container', async () => {
      const { walkAcrossServices } = await loadBenchWalk();
      const t0 = Date.now();
      const walked = await walkAcrossServices(base, smtp!, db!, `img${process.pid}`);
      console.log(
        `walk across the services in ${((Date.now() - t0) / 1000).toFixed(1)} s: ` +
          JSON.stringify(walked),
      );
    });

    it('loses no keyed sign-up and emails none twice while a container of each service and a nats-server node are killed', async () => {
      const { Api, seedSchool, signUpBody, waitForProjection } = await loadBenchApi();
      const { ADMIN } = await loadBenchWalk();
      const admin = new Api(base);
      await admin.login(ADMIN.email, ADMIN.password);
      const seed = await seedSchool(admin, {
        name: 'Beelden last',
        activities: 2,
        capacity: 10_000,
      });
      await waitForProjection(db!, seed.activityIds);
      const tag = `kill${process.pid}x`;

      // The clients: each sends one sign-up after the other, each with its own key, and sends
      // it again with the same key half a second after a network error or 502/503, as a
      // parent's browser would, for up to a minute per sign-up.
      const parent = new Api(base);
      const outcomes: {
        n: number;
        email: string;
        status: number | 'network';
        id?: number;
        attempts: number;
        ms: number;
      }[] = [];
      const failedAttempts: Record<string, number> = {};
      let loading = true;
      let next = 0;
      const signUp = async (n: number) => {
        const body = signUpBody(n, seed.activityIds[n % seed.activityIds.length]!, tag);
        const headers = {
          'x-school-token': seed.school.accessToken,
          'idempotency-key': `${tag}-${n}`,
        };
        const t0 = Date.now();
        let attempts = 0;
        for (;;) {
          attempts++;
          let status: number | 'network' = 'network';
          let answer: { status: number; body: unknown } | undefined;
          try {
            answer = await parent.call('POST', '/api/registrations', body, headers, 15_000);
            status = answer.status;
          } catch {
            // no answer: the connection closed or the time ran out
          }
          if (status === 201) {
            const id = (answer!.body as { registration: { id: number } }).registration.id;
            outcomes.push({ n, email: body.email, status, id, attempts, ms: Date.now() - t0 });
            return;
          }
          failedAttempts[String(status)] = (failedAttempts[String(status)] ?? 0) + 1;
          const again = status === 'network' || status === 502 || status === 503;
          if (!again || Date.now() - t0 > 60_000) {
            outcomes.push({ n, email: body.email, status, attempts, ms: Date.now() - t0 });
            return;
          }
          await sleep(500);
        }
      };
      const clients = Array.from({ length: CLIENTS }, async () => {
        while (loading) await signUp(++next);
      });

      // The victims: the first container of each service and the second nats-server node.
      const victims = SERVICES.map((s) => containers.find((c) => c.part === `${s}-1`)!);
      const startedAt = (id: string) =>
        engineAsync(['inspect', '--format', '{{.State.StartedAt}}', id]);
      const before = Object.fromEntries(
        await Promise.all(victims.map(async (v) => [v.id, await startedAt(v.id)])),
      );
      const natsPidFile = path.join(up!.dataDir, 'pids', 'nats-2.pid');
      const natsPid = () => Number(fs.readFileSync(natsPidFile, 'utf8').split('\n')[0]);
      const natsBefore = natsPid();
      expect(isAlive(natsBefore), 'nats-2 runs before the kill').toBe(true);
      const natsMonitor = PORTS.natsNodes[1]!.monitor;

      await sleep(3000);
      const loadBefore = outcomes.length;
      expect(loadBefore, 'sign-ups taken before the kills').toBeGreaterThan(0);
      const t0 = Date.now();
      await Promise.all(victims.map((v) => engineAsync(['kill', v.id])));
      process.kill(natsBefore, 'SIGKILL');
      /** By now notify-1 is gone: nothing it sent arrives later. */
      const killedAt = Date.now();
      const back: Record<string, number> = {};
      /** When each container ran again (started anew), before it was ready. */
      const running: Record<string, number> = {};
      const deadline = Date.now() + 120_000;
      while (Object.keys(back).length < victims.length + 1 && Date.now() < deadline) {
        for (const v of victims) {
          if (back[v.part]) continue;
          const anew =
            (await state(v.id)) === 'running' && (await startedAt(v.id)) !== before[v.id];
          if (!running[v.part] && anew) {
            running[v.part] = Date.now() - t0;
          }
          const ready = await fetch(`http://127.0.0.1:${v.port}/readyz`, {
            signal: AbortSignal.timeout(2000),
          }).catch(() => undefined);
          // Running and ready again, and started anew (not a kill that missed).
          if (ready?.status === 200 && anew) {
            back[v.part] = Date.now() - t0;
          }
        }
        if (!back['nats-2']) {
          // The launcher's supervisor started it again: a new pid in its pid file, answering.
          const pid = fs.existsSync(natsPidFile) ? natsPid() : 0;
          const healthz = await fetch(`http://127.0.0.1:${natsMonitor}/healthz`, {
            signal: AbortSignal.timeout(2000),
          }).catch(() => undefined);
          if (pid > 0 && pid !== natsBefore && isAlive(pid) && healthz?.status === 200) {
            back['nats-2'] = Date.now() - t0;
          }
        }
        await sleep(250);
      }
      const h = await health();
      const healthyAfter = Date.now() - t0;
      // Sign-ups go on a while with everything back, then the clients finish what they sent.
      await sleep(5000);
      loading = false;
      await Promise.all(clients);
      const loadS = (Date.now() - t0 + 3000) / 1000;
      console.log(
        `after the kills (ms): running again ${JSON.stringify(running)}, ready ` +
          `${JSON.stringify(back)}; health ok after ${healthyAfter} ms`,
      );
      expect(Object.keys(back).sort()).toEqual([...victims.map((v) => v.part), 'nats-2'].sort());
      expect(up!.output()).toMatch(/catalog-1 is (exited|stopped): starting it again/);
      expect(up!.output()).toMatch(/nats-2 exited unexpectedly/);
      expect(h.status).toBe(200);
      expect(h.body?.ok).toBe(true);

      // Every key ends 201, and the parent waited for it no longer than the outage.
      const ok = outcomes.filter((o) => o.status === 201);
      const retried = outcomes.filter((o) => o.attempts > 1);
      const slowest = Math.max(...outcomes.map((o) => o.ms));
      console.log(
        `keyed sign-ups in ${loadS.toFixed(1)} s with ${CLIENTS} clients: ${outcomes.length} ` +
          `(${loadBefore} before the kills), ${ok.length} ended 201, ${retried.length} sent ` +
          `more than once; answers sent again: ${JSON.stringify(failedAttempts)}; slowest ` +
          `${slowest} ms`,
      );
      expect(
        outcomes.filter((o) => o.status !== 201).map((o) => `${o.n}: ${o.status}`),
        'sign-ups that did not end 201',
      ).toEqual([]);

      // Nothing lost, nothing stored twice: each key's registration is stored, once.
      const { rows } = await db!.query<{ id: number; email: string }>(
        `SELECT id, email FROM registrations.registrations WHERE email LIKE $1`,
        [`ouder-${tag}%`],
      );
      const stored = new Map<string, number[]>();
      for (const r of rows) stored.set(r.email, [...(stored.get(r.email) ?? []), r.id]);
      const off = ok.filter((o) => stored.get(o.email)?.join() !== String(o.id));
      expect(
        off.map((o) => `${o.email}: ${o.id} → ${stored.get(o.email)}`),
        'lost or stored twice',
      ).toEqual([]);
      expect(rows.length, 'rows of the load').toBe(ok.length);

      // Each sign-up's confirmation emailed exactly once. The one exception is the notifier's
      // documented one (svc-notify's mailer): an email the SMTP server took from notify-1 in the
      // instant it was killed, before notify-1 could record it sent, is sent again by notify-2,
      // since no sender knows whether an answer it never read was an acceptance. Those (the
      // same Message-ID twice, its first copy in by the time the kill returned, at most one per
      // mail worker of notify-1) are counted and printed; any other second copy fails.
      const t1 = Date.now();
      const confirmations = (o: (typeof ok)[number]) => smtp!.sentTo(o.email, 'signup-received');
      while (ok.some((o) => confirmations(o).length === 0) && Date.now() - t1 < 90_000) {
        await sleep(500);
      }
      const allIn = Date.now() - t1;
      await sleep(3000);
      const atTheKill = (o: (typeof ok)[number]) => {
        const c = confirmations(o);
        return (
          c.length === 2 &&
          c[0]!.messageId === c[1]!.messageId &&
          c[0]!.at >= t0 - 5000 &&
          c[0]!.at <= killedAt + 1000
        );
      };
      const twiceAtTheKill = ok.filter(atTheKill);
      const notOnce = ok.filter((o) => confirmations(o).length !== 1 && !atTheKill(o));
      for (const o of [...twiceAtTheKill, ...notOnce]) {
        const at = confirmations(o).map((m) => `${((m.at - t0) / 1000).toFixed(2)} s`);
        console.log(
          `${o.email}: ${confirmations(o)[0]?.messageId} at ${at.join(', ')} from the kills ` +
            `(the kill returned at ${((killedAt - t0) / 1000).toFixed(2)} s)`,
        );
      }
      console.log(
        `confirmation emails: ${ok.length - notOnce.length - twiceAtTheKill.length} of ` +
          `${ok.length} exactly once, ${twiceAtTheKill.length} twice across the notify kill, all ` +
          `in ${allIn} ms after the load`,
      );
      expect(
        notOnce.map((o) => `${o.email}: ${confirmations(o).length}`),
        'sign-ups not confirmed exactly once (other than across the notify kill)',
      ).toEqual([]);
      expect(twiceAtTheKill.length, 'sent twice across the notify kill').toBeLessThanOrEqual(
        NOTIFY_MAIL_WORKERS,
      );
      // Nor any other email of the run twice, but those.
      const explained = new Set(twiceAtTheKill.map((o) => confirmations(o)[0]!.messageId));
      expect(
        smtp!.duplicates().filter((id) => !explained.has(id)),
        'emails sent twice',
      ).toEqual([]);
    }, 300_000);

    it('removes every container it started and stops PostgreSQL and NATS on SIGTERM', async () => {
      // This side's connections go first: PostgreSQL ends them as it stops.
      await db?.end();
      db = undefined;
      const t0 = Date.now();
      up!.child.kill('SIGTERM');
      expect(await exited(up!.child)).toBe(0);
      console.log(`stopped in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      for (const c of containers) {
        const r = run(e, ['container', 'exists', c.id], { allowFail: true });
        expect(r.status, `${c.part} left behind`).not.toBe(0);
      }
      // The launcher's PostgreSQL and NATS (GATEWAY_PORT + 10000 + 1, + 2) are gone too.
      expect(await portOpen(GATEWAY_PORT + 10_001)).toBe(false);
      expect(await portOpen(GATEWAY_PORT + 10_002)).toBe(false);
      expect(await portOpen(GATEWAY_PORT)).toBe(false);
    });
  },
);
