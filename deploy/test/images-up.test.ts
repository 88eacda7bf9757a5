// R-RUN-IMAGES-UP: `npm run images:up` really run from the images in the local store: the
// product answers GET /api/health through the gateway container, every container runs as a
// numeric non-root user on a read-only root, a keyed sign-up is stored once and approved
// through the gateway, one container of each service killed from outside (`podman kill`) is
// started again and health answers ok again, and SIGTERM removes every container it started.
// Needs the nine images (`npm run images`) and `npm run build:backend`: left out of `npm test`
// unless IMAGES_TEST=1, like images-build.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES } from '@nsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGES,
  detectEngine,
  imageExists,
  imageTag,
  repoRoot,
  run,
  type Engine,
} from '../images/engine.mjs';
import { benchApi, expectShellAndRemotes, keyedSignUpTwice, loadBenchApi } from './image-walk.js';

const engine = detectEngine();
const GATEWAY_PORT = Number(process.env.IMAGES_UP_PORT || 22300);
const ADMIN = { email: 'images-up@school.nl', password: 'Images-Up-Wachtwoord-2026!' };
const SERVICES = SERVICE_NAMES;
const missing = engine ? IMAGES.filter((i) => !imageExists(engine, imageTag(i.name))) : [];
const SKIP_REASON = !engine
  ? 'no container engine (podman or docker) on this machine'
  : process.env.IMAGES_TEST !== '1'
    ? 'IMAGES_TEST=1 not set'
    : missing.length > 0
      ? `images missing (npm run images): ${missing.map((i) => i.name).join(', ')}`
      : !fs.existsSync(path.join(repoRoot, 'deploy', 'dist', 'local', 'parts.js')) ||
          !fs.existsSync(benchApi)
        ? 'deploy or bench not built (npm run build:backend)'
        : undefined;
if (SKIP_REASON) console.warn(`images-up.test.ts skipped: ${SKIP_REASON}`);

const e = engine as Engine;
const base = `http://127.0.0.1:${GATEWAY_PORT}`;
let child: ChildProcess | undefined;
let dataDir = '';
let output = '';
let containers: { part: string; id: string; port: number }[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The demo school and activity the sign-up used, for one more after the kills. */
let signedUp: { token: string; activityId: number } | undefined;

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

const state = (id: string) =>
  run(e, ['inspect', '--format', '{{.State.Status}}', id], { allowFail: true }).stdout.trim();

function exited(proc: ChildProcess): Promise<number | null> {
  if (proc.exitCode !== null) return Promise.resolve(proc.exitCode);
  return new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

describe.skipIf(!!SKIP_REASON)(
  SKIP_REASON ? `images:up (skipped: ${SKIP_REASON})` : 'npm run images:up',
  { timeout: 300_000 },
  () => {
    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'images-up-'));
      child = spawn(process.execPath, [path.join(repoRoot, 'deploy/images/up.mjs')], {
        cwd: repoRoot,
        env: {
          ...process.env,
          GATEWAY_PORT: String(GATEWAY_PORT),
          DATA_DIR: dataDir,
          DEMO_DATA: '1',
          SIGNUP_RATE_LIMIT: '0',
          LOGIN_RATE_LIMIT: '0',
          BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
          BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
          BOOTSTRAP_ADMIN_NAME: 'Images Up',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      const t0 = Date.now();
      while (!/ready in [\d.]+ s/.test(output)) {
        if (child.exitCode !== null) throw new Error(`images:up exited:\n${output.slice(-4000)}`);
        if (Date.now() - t0 > 280_000)
          throw new Error(`images:up not ready:\n${output.slice(-4000)}`);
        await sleep(500);
      }
      console.log(`images:up ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      containers = JSON.parse(
        fs.readFileSync(path.join(dataDir, 'images-up', 'containers.json'), 'utf8'),
      ) as typeof containers;
    }, 300_000);

    afterAll(async () => {
      if (child && child.exitCode === null) {
        child.kill('SIGTERM');
        await exited(child);
      }
      // Whatever a failed run left: only the containers it recorded, by id.
      for (const c of containers) run(e, ['rm', '-f', '-t', '0', c.id], { allowFail: true });
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
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

    it('stores a keyed sign-up once and approves it through the gateway', async () => {
      const { admin, school, activityId, registrationId } = await keyedSignUpTwice(
        base,
        ADMIN,
        'img',
      );
      signedUp = { token: school.accessToken, activityId };
      const approved = await admin.approve(registrationId, false);
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body.status).toBe('approved');
    });

    it('starts a container of each service killed from outside again, and health answers ok', async () => {
      const victims = SERVICES.map((s) => containers.find((c) => c.part === `${s}-1`)!);
      const startedAt = (id: string) =>
        run(e, ['inspect', '--format', '{{.State.StartedAt}}', id]).stdout.trim();
      const before = Object.fromEntries(victims.map((v) => [v.id, startedAt(v.id)]));
      const t0 = Date.now();
      for (const v of victims) run(e, ['kill', v.id]);
      const back: Record<string, number> = {};
      const deadline = Date.now() + 120_000;
      while (Object.keys(back).length < victims.length && Date.now() < deadline) {
        for (const v of victims) {
          if (back[v.part]) continue;
          const ready = await fetch(`http://127.0.0.1:${v.port}/readyz`, {
            signal: AbortSignal.timeout(2000),
          }).catch(() => undefined);
          // Running and ready again, and started anew (not a kill that missed).
          if (
            ready?.status === 200 &&
            state(v.id) === 'running' &&
            startedAt(v.id) !== before[v.id]
          ) {
            back[v.part] = Date.now() - t0;
          }
        }
        await sleep(250);
      }
      console.log(`back after podman kill (ms): ${JSON.stringify(back)}`);
      expect(Object.keys(back).sort()).toEqual(victims.map((v) => v.part).sort());
      expect(output).toMatch(/catalog-1 is (exited|stopped): starting it again/);
      const h = await health();
      expect(h.status).toBe(200);
      expect(h.body?.ok).toBe(true);
      // And a keyed sign-up is taken again.
      const { Api, signUpBody } = await loadBenchApi();
      expect(signedUp, 'the sign-up before').toBeDefined();
      const after = await new Api(base).call(
        'POST',
        '/api/registrations',
        signUpBody(2, signedUp!.activityId, `img${process.pid}`),
        { 'x-school-token': signedUp!.token, 'idempotency-key': `img-after-${process.pid}` },
      );
      expect(after.status, JSON.stringify(after.body)).toBe(201);
    });

    it('removes every container it started and stops PostgreSQL and NATS on SIGTERM', async () => {
      const t0 = Date.now();
      child!.kill('SIGTERM');
      expect(await exited(child!)).toBe(0);
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
