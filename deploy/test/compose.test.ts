// R-RUN-COMPOSE: deploy/compose/ really run with podman's compose (Debian podman-compose) from
// the images in the local store, from fresh volumes: the product answers GET /api/health
// through the gateway's one port, every container of it runs as a non-root user on a
// read-only root, the whole walk across the services (bench/src/lib/walk.ts, as the images:up
// test walks it: keyed sign-up stored once, every email once at this test's SMTP capture, the
// relay of .env) holds through its gateway, and `down -v` leaves no container, pod or volume
// of it behind, anonymous ones included.
// Needs the nine images, podman-compose and `npm run build:backend` (the bench's client):
// `npm test` runs it last in the images' suite (vitest.images.config.ts); elsewhere it needs
// IMAGES_TEST=1.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine, repoRoot, run, which, type Engine } from '../images/engine.mjs';
import {
  expectShellAndRemotes,
  imagesSkipReason,
  loadBenchApi,
  loadBenchSmtp,
  loadBenchWalk,
  portOpen,
  sleep,
  type SmtpCapture,
} from './image-walk.js';

const engine = detectEngine();
const compose = which('podman-compose');
const PROJECT = 'naschool-compose-test';
const GATEWAY_PORT = 23500;
/** The SMTP capture, the relay of this run's .env: within compose's ports, unused by it. */
const SMTP_PORT = 23530;
/** compose's PostgreSQL (PORTS of configure.mjs), on 127.0.0.1. */
const POSTGRES_PORT = 23532;
const SKIP_REASON = imagesSkipReason('compose.test.ts', engine, {
  engineNeeded:
    engine?.name !== 'podman' || !compose
      ? 'podman and podman-compose are needed (apt-get install -y podman runc podman-compose)'
      : undefined,
});

const e = engine as Engine;
const base = `http://127.0.0.1:${GATEWAY_PORT}`;
let dir = '';
let project = '';
let env: NodeJS.ProcessEnv = {};
let smtp: SmtpCapture | undefined;
let db: pg.Pool | undefined;
let upSeconds = 0;
/** Every volume in the store before this run (any owner): the run may leave none beside them. */
let volumesBefore: string[] = [];
/** The volumes this run's containers mount, named and anonymous (from podman inspect). */
let volumesMounted: string[] = [];

/** podman-compose in the copy of deploy/compose, with this machine's podman settings. */
function podmanCompose(args: string[], timeoutMs = 600_000) {
  // Its output to a file, not a pipe: the containers' conmon processes keep a pipe open, and
  // spawnSync would wait for them.
  const log = path.join(dir, `podman-compose-${args[0]}.log`);
  const fd = fs.openSync(log, 'w');
  // The shim drops the bridge options podman-compose 1.0.3 adds to host-network containers.
  const hostnet = path.join(project, 'podman-hostnet.sh');
  const r = spawnSync(
    compose!,
    ['--podman-path', hostnet, '-p', PROJECT, '-f', path.join(project, 'compose.yaml'), ...args],
    { cwd: project, env, stdio: ['ignore', fd, fd], timeout: timeoutMs },
  );
  fs.closeSync(fd);
  return { status: r.status ?? -1, out: fs.readFileSync(log, 'utf8') };
}

const ids = (args: string[]) =>
  run(e, args, { allowFail: true })
    .stdout.split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** Every volume of the store, whoever made it, labelled or anonymous. */
const allVolumes = () => ids(['volume', 'ls', '-q']);

/** The ids of this project's containers, pods and volumes (by podman-compose's labels). */
function leftovers() {
  return {
    containers: ids(['ps', '-a', '-q', '--filter', `label=io.podman.compose.project=${PROJECT}`]),
    volumes: ids(['volume', 'ls', '-q', '--filter', `label=io.podman.compose.project=${PROJECT}`]),
    pods: ids(['pod', 'ps', '-q', '--filter', `name=^pod_${PROJECT}$`]),
    networks: ids([
      'network',
      'ls',
      '-q',
      '--filter',
      `label=io.podman.compose.project=${PROJECT}`,
    ]),
  };
}

describe.skipIf(!!SKIP_REASON)(
  SKIP_REASON ? `deploy/compose (skipped: ${SKIP_REASON})` : 'deploy/compose with podman-compose',
  { timeout: 600_000 },
  () => {
    beforeAll(async () => {
      // A fresh start: nothing of an earlier run, and the ports free.
      const before = leftovers();
      expect(before, 'an earlier run left these behind').toEqual({
        containers: [],
        volumes: [],
        pods: [],
        networks: [],
      });
      for (const p of [GATEWAY_PORT, POSTGRES_PORT, 23542, 23510, 23511, 23512, 23513, SMTP_PORT]) {
        expect(await portOpen(p), `port ${p} is taken`).toBe(false);
      }
      volumesBefore = allVolumes();
      // The stand-ins of postgres and nats where the official images cannot be pulled.
      const made = spawnSync(
        process.execPath,
        [path.join(repoRoot, 'deploy/compose/standins.mjs')],
        {
          cwd: repoRoot,
          encoding: 'utf8',
          timeout: 600_000,
        },
      );
      expect(made.status, `${made.stdout}${made.stderr}`).toBe(0);

      // The mail catcher: the SMTP relay of .env, on this machine's loopback; whole messages
      // kept, for the parent's own link the walk follows.
      const { SmtpCapture } = await loadBenchSmtp();
      smtp = new SmtpCapture(SMTP_PORT, { keepMessages: true });
      await smtp.start();
      // The walk logs in as the bench's bootstrap admin.
      const { ADMIN } = await loadBenchWalk();

      // A copy of deploy/compose (and the bootstrap it mounts) with this run's .env.
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-'));
      fs.chmodSync(dir, 0o755);
      project = path.join(dir, 'deploy', 'compose');
      fs.cpSync(path.join(repoRoot, 'deploy/compose'), project, {
        recursive: true,
        filter: (src) => !/(^|\/)(\.env|generated)$/.test(src),
      });
      const sql = 'deploy/k8s/overlays/production/database/bootstrap.sql';
      fs.mkdirSync(path.dirname(path.join(dir, sql)), { recursive: true });
      fs.copyFileSync(path.join(repoRoot, sql), path.join(dir, sql));
      for (let d = project; d !== path.dirname(dir); d = path.dirname(d)) fs.chmodSync(d, 0o755);
      // As .env.example says to make one: a letter, then hex (R-RUN-COMPOSE).
      const secret = () => `n${randomBytes(32).toString('hex')}`;
      const settings: Record<string, string> = {
        PUBLIC_BASE_URL: `http://localhost:${GATEWAY_PORT}`,
        GATEWAY_PORT: String(GATEWAY_PORT),
        GATEWAY_LISTEN: '127.0.0.1',
        CONFIG_DIR: './generated',
        SIGNUP_RATE_LIMIT: '0',
        LOGIN_RATE_LIMIT: '0',
        ADMIN_2FA_REQUIRED: '0',
        DEMO_DATA: '1',
        LOG_LEVEL: 'warn',
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        BOOTSTRAP_ADMIN_NAME: ADMIN.name,
        SMTP_URL: smtp.url,
      };
      const example = fs.readFileSync(path.join(project, '.env.example'), 'utf8');
      const entries = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(
        (m) => [m[1]!, m[2]!] as const,
      );
      const names = entries.map(([n]) => n);
      // This run's settings; every secret and password fresh; the rest as the example has it.
      const values = entries.map(
        ([n, v]) => [n, settings[n] ?? (/PASSWORD|SECRET/.test(n) ? secret() : v)] as const,
      );
      const lines = values.map(([n, v]) => `${n}=${v}`);
      const postgresPassword = values.find(([n]) => n === 'POSTGRES_PASSWORD')?.[1];
      expect(postgresPassword, 'POSTGRES_PASSWORD in .env.example').toBeTruthy();
      // Every variable the example names was given a value (or is one left empty on purpose).
      for (const n of Object.keys(settings)) expect(names, n).toContain(n);
      fs.writeFileSync(path.join(project, '.env'), `${lines.join('\n')}\n`, { mode: 0o600 });
      // The files compose.yaml mounts, from that .env (configure.mjs reads the repository's
      // gateway and NATS sources, so the repository's copy of it runs).
      const configured = spawnSync(
        process.execPath,
        [
          path.join(repoRoot, 'deploy/compose/configure.mjs'),
          '--env-file',
          path.join(project, '.env'),
          '--out',
          path.join(project, 'generated'),
        ],
        { encoding: 'utf8' },
      );
      expect(configured.status, `${configured.stdout}${configured.stderr}`).toBe(0);
      // This machine's podman settings (engine.mjs): runc, cgroupfs, no default ulimits.
      const conf = path.join(dir, 'containers.conf');
      fs.writeFileSync(
        conf,
        '[containers]\ndefault_ulimits = []\n\n[engine]\nruntime = "runc"\ncgroup_manager = "cgroupfs"\n',
      );
      env = { ...process.env, CONTAINERS_CONF: conf };

      const t0 = Date.now();
      const up = podmanCompose(['up', '-d']);
      expect(up.status, up.out.slice(-6000)).toBe(0);
      for (;;) {
        const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) }).catch(
          () => undefined,
        );
        const body = res ? ((await res.json().catch(() => undefined)) as { ok?: boolean }) : {};
        if (res?.status === 200 && body?.ok === true) break;
        if (Date.now() - t0 > 300_000) {
          // Each container's state and last lines: the static servers' logs would hide the rest.
          const logs = leftovers()
            .containers.map((id) => {
              const state = run(e, ['inspect', '--format', '{{.Name}} {{.State.Status}}', id], {
                allowFail: true,
              }).stdout.trim();
              const tail = run(e, ['logs', '--tail', '8', id], { allowFail: true });
              return `== ${state}\n${tail.stdout}${tail.stderr}`;
            })
            .join('\n');
          throw new Error(
            `health not ok: ${res?.status} ${JSON.stringify(body)}\n${logs.slice(-12000)}`,
          );
        }
        await sleep(1000);
      }
      upSeconds = (Date.now() - t0) / 1000;
      console.log(`podman-compose up: healthy in ${upSeconds.toFixed(1)} s`);
      // What its containers mount: removed by afterAll if a failed run leaves them.
      volumesMounted = [
        ...new Set(
          leftovers().containers.flatMap((id) =>
            run(e, [
              'inspect',
              '--format',
              '{{range .Mounts}}{{if eq .Type "volume"}}{{.Name}} {{end}}{{end}}',
              id,
            ])
              .stdout.split(/\s+/)
              .filter(Boolean),
          ),
        ),
      ];
      // The walk reads registrations' projection as PostgreSQL's admin, over TCP.
      const { naschoolPool } = await loadBenchApi();
      db = naschoolPool(
        `postgres://postgres:${encodeURIComponent(postgresPassword!)}@127.0.0.1:${POSTGRES_PORT}/naschool`,
        2,
      );
      // An idle connection PostgreSQL ends is no failure of the test.
      db.on('error', () => undefined);
    }, 600_000);

    afterAll(async () => {
      await db?.end().catch(() => undefined);
      // Whatever a failed run left: this project's containers, pod and volumes only (and the
      // anonymous volumes its containers mounted).
      if (project && leftovers().containers.length > 0) podmanCompose(['down', '-v'], 180_000);
      const left = leftovers();
      for (const id of left.containers)
        run(e, ['rm', '-f', '-v', '-t', '0', id], { allowFail: true });
      for (const id of left.pods) run(e, ['pod', 'rm', '-f', id], { allowFail: true });
      const store = new Set(allVolumes());
      for (const id of new Set([...left.volumes, ...volumesMounted])) {
        if (store.has(id)) run(e, ['volume', 'rm', '-f', id], { allowFail: true });
      }
      for (const id of left.networks) run(e, ['network', 'rm', '-f', id], { allowFail: true });
      await smtp?.stop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }, 240_000);

    it('answers GET /api/health through the gateway and serves the shell and the remotes', async () => {
      const res = await fetch(`${base}/api/health`);
      expect(res.status).toBe(200);
      // The shell, and the remotes the registry names, are in their images.
      await expectShellAndRemotes(base);
    });

    it('runs every long-lived container as a non-root user on a read-only root, restarted unless stopped', () => {
      const ids = leftovers().containers;
      expect(ids.length).toBeGreaterThanOrEqual(12);
      let running = 0;
      for (const id of ids) {
        const out = run(e, [
          'inspect',
          '--format',
          '{{.Name}}|{{.Config.User}}|{{.HostConfig.ReadonlyRootfs}}|{{.HostConfig.RestartPolicy.Name}}|{{.State.Status}}',
          id,
        ]).stdout.trim();
        const [name, user, ro, restart, status] = out.split('|');
        if (/_volumes_\d+$/.test(name!)) {
          // The one-shot that gives the volumes to their users: done and gone quiet.
          expect(status, name).toBe('exited');
          continue;
        }
        running++;
        expect(status, name).toBe('running');
        if (/_postgres_\d+$/.test(name!)) {
          // Its entrypoint starts as root and runs PostgreSQL as postgres (999): every process.
          const users = run(e, ['top', id, 'huser']).stdout.trim().split('\n').slice(1);
          expect(users.length, name).toBeGreaterThan(0);
          for (const u of users) expect(u.trim(), name).toBe('999');
        } else {
          expect(user, name).toMatch(/^[1-9]\d*:\d+$/);
        }
        expect(ro, name).toBe('true');
        expect(restart, name).toBe('unless-stopped');
      }
      // PostgreSQL, NATS, four services, the shell, three remotes and the gateway.
      expect(running).toBe(11);
    });

    it('walks every path across the services through the gateway', async () => {
      const { walkAcrossServices } = await loadBenchWalk();
      const t0 = Date.now();
      const walked = await walkAcrossServices(base, smtp!, db!, `cmp${process.pid}`);
      console.log(
        `walk across the services in ${((Date.now() - t0) / 1000).toFixed(1)} s: ` +
          JSON.stringify(walked),
      );
      // Nothing emailed twice (the walk counts the emails it waits for; this, all of them).
      expect(smtp!.duplicates()).toEqual([]);
    });

    it('down -v removes every container, the pod and every volume it made; the ports are free', async () => {
      // The walk's connections end before PostgreSQL stops.
      await db?.end();
      db = undefined;
      // Its containers mount the named volumes of compose.yaml, and no other: an anonymous one
      // would outlive down -v.
      expect([...volumesMounted].sort()).toEqual([...leftovers().volumes].sort());
      expect(volumesMounted.length).toBe(3);
      const t0 = Date.now();
      const down = podmanCompose(['down', '-v'], 240_000);
      expect(down.status, down.out.slice(-4000)).toBe(0);
      console.log(`podman-compose down -v in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      // podman-compose 1.0.3 makes <project>_default even when no container uses it, and
      // down does not remove it: removed here (docs/deploy.md says so), nothing else may stay.
      const after = leftovers();
      expect(after.networks).toEqual([`${PROJECT}_default`]);
      for (const n of after.networks) run(e, ['network', 'rm', n]);
      expect(leftovers()).toEqual({ containers: [], volumes: [], pods: [], networks: [] });
      // Labelled or anonymous: the store holds no volume it did not hold before this run.
      const before = new Set(volumesBefore);
      expect(allVolumes().filter((v) => !before.has(v))).toEqual([]);
      for (const p of [GATEWAY_PORT, POSTGRES_PORT, 23542])
        expect(await portOpen(p), String(p)).toBe(false);
    });
  },
);
