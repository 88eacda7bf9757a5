// R-RUN-IMAGES-UP, R-OPS-SKEW: under `npm run images:up`, each service in turn is rolled
// (`up.mjs set-image svc-<name>=release`, one replica at a time) to its last release's image
// (`npm run images -- --release`: built from the release's commit with its own Dockerfile),
// and then back to the current image, while several clients keep sending keyed sign-ups
// through the gateway container, each retried with its own key on a network error or a
// 502/503 as a real client would. Every sign-up ends 201, is stored once, and its
// confirmation email is sent once; the replaced containers really run the release's image.
// Needs the nine images, the release images and `npm run build:backend`. The images' suite of
// `npm test` (vitest.images.config.ts) runs it where the release images are present: CI does not
// build them (four cold builds and a run of about eight minutes); `npm run images -- --release`
// then `npm run images:test` does.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVICE_NAMES } from '@nsa/contracts';
import { existingAdminUrl } from '@nsa/local-infra';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  detectEngine,
  imageExists,
  imageTag,
  repoRoot,
  run,
  type Engine,
} from '../images/engine.mjs';
import {
  exited,
  imagesSkipReason,
  loadBenchApi,
  loadBenchSmtp,
  sleep,
  startImagesUp,
  stopImagesUp,
  type ImagesUp,
  type SmtpCapture,
  type UpContainer,
} from './image-walk.js';

const engine = detectEngine();
// Another images:up test may run beside this one on 22300: this one keeps to 21800 and up.
const GATEWAY_PORT = 21800;
const SMTP_PORT = GATEWAY_PORT + 10_060;
const ADMIN = { email: 'images-release@school.nl', password: 'Images-Release-Wachtwoord-2026!' };
const SERVICES = SERVICE_NAMES;
const CLIENTS = 4;
// Between one client's sign-ups: parents, not a benchmark; the rollouts need the CPUs too.
const THINK_MS = 250;

interface Release {
  version: string;
  commit: string;
}
const releaseOf = (pkg: string): Release =>
  (
    JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'deploy', 'releases', `${pkg}.json`), 'utf8'),
    ) as { releases: Release[] }
  ).releases.at(-1)!;
/** The tag deploy/images/release.mjs gives a release's image. */
const releaseImage = (pkg: string) => {
  const r = releaseOf(pkg);
  return `naschool/${pkg}:${r.version}-${r.commit.slice(0, 12)}`;
};

const SKIP_REASON = imagesSkipReason('images-release.test.ts', engine, {
  launcher: true,
  more: () => {
    const missing = SERVICES.map((s) => `svc-${s}`).filter(
      (p) => !imageExists(engine!, releaseImage(p)),
    );
    return missing.length > 0
      ? `release images missing (npm run images -- --release): ${missing.join(', ')}`
      : undefined;
  },
});

const e = engine as Engine;
const base = `http://127.0.0.1:${GATEWAY_PORT}`;

let up: ImagesUp | undefined;
let containers: UpContainer[] = [];
let smtp: SmtpCapture | undefined;
let db: pg.Pool | undefined;
let school: { id: number; accessToken: string };
let activityIds: number[] = [];

/** `up.mjs set-image svc-<name>=<image>` against the running images:up, as an operator runs it. */
async function setImage(pkg: string, image: string): Promise<{ code: number | null; out: string }> {
  const proc = spawn(
    process.execPath,
    [path.join(repoRoot, 'deploy/images/up.mjs'), 'set-image', `${pkg}=${image}`],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: up!.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return { code: await exited(proc), out };
}

/** The image id a container runs, and an image's id. */
const runsImage = (id: string) => run(e, ['inspect', '--format', '{{.Image}}', id]).stdout.trim();
const imageId = (ref: string) =>
  run(e, ['image', 'inspect', '--format', '{{.Id}}', ref]).stdout.trim();

describe.skipIf(!!SKIP_REASON)(
  SKIP_REASON
    ? `images:up set-image (skipped: ${SKIP_REASON})`
    : 'images:up: one service at a time rolled to its last release and back',
  { timeout: 900_000 },
  () => {
    beforeAll(async () => {
      const { SmtpCapture } = await loadBenchSmtp();
      smtp = new SmtpCapture(SMTP_PORT);
      await smtp.start();
      up = await startImagesUp(
        GATEWAY_PORT,
        {
          DEMO_DATA: '0',
          SMTP_URL: smtp.url,
          SIGNUP_RATE_LIMIT: '0',
          LOGIN_RATE_LIMIT: '0',
          BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
          BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
          BOOTSTRAP_ADMIN_NAME: 'Images Release',
          LOG_LEVEL: 'warn',
        },
        (started) => (up = started),
      );
      containers = up.containers();

      // A school of its own with room for every sign-up of the run, one activity per client.
      const bench = await loadBenchApi();
      const admin = new bench.Api(base);
      await admin.login(ADMIN.email, ADMIN.password);
      const seed = await bench.seedSchool(admin, {
        name: 'Rollend',
        activities: CLIENTS,
        capacity: 10_000,
      });
      school = seed.school;
      activityIds = seed.activityIds;
      const u = new URL(
        existingAdminUrl(path.join(up.dataDir, 'postgres', 'data'), GATEWAY_PORT + 10_001),
      );
      u.pathname = '/naschool';
      db = new pg.Pool({ connectionString: u.toString(), max: 2 });
      // PostgreSQL goes with images:up at the end: an idle connection's end is no error here.
      db.on('error', () => undefined);
      await bench.waitForProjection(db, activityIds, 60_000);
    }, 360_000);

    afterAll(async () => {
      await db?.end().catch(() => undefined);
      // The containers it recorded first, and those set-image made since.
      await stopImagesUp(e, up, containers);
      await smtp?.stop();
    }, 120_000);

    it('keeps every keyed sign-up while each service is rolled to its last release and back', async () => {
      const { Api, signUpBody } = await loadBenchApi();
      const tag = `roll${process.pid}`;
      const signed: Array<{ n: number; email: string; id: number; attempts: number }> = [];
      const finals: Record<string, number> = {};
      const retried = { network: 0, s502: 0, s503: 0, other5xx: 0 };
      let next = 0;
      let loading = true;

      // A client: one sign-up after the other, each with its own key, sent again with the
      // same key on a network error, a 502 or a 503 (what a browser's retry does).
      const client = async (k: number) => {
        const api = new Api(base);
        while (loading) {
          const n = next++;
          const body = signUpBody(n, activityIds[k]!, tag);
          const headers = {
            'x-school-token': school.accessToken,
            'idempotency-key': `${tag}-${n}`,
          };
          let status = 0;
          let id = 0;
          let attempts = 0;
          for (; attempts < 30;) {
            attempts += 1;
            try {
              const a = await api.call<{ registration?: { id: number } }>(
                'POST',
                '/api/registrations',
                body,
                headers,
              );
              status = a.status;
              id = a.body?.registration?.id ?? 0;
            } catch {
              status = 0;
            }
            if (status === 0) retried.network += 1;
            else if (status === 502) retried.s502 += 1;
            else if (status === 503) retried.s503 += 1;
            else break;
            await sleep(200);
          }
          if (status >= 500 && status !== 502 && status !== 503) retried.other5xx += 1;
          finals[status] = (finals[status] ?? 0) + 1;
          if (status === 201) signed.push({ n, email: body.email, id, attempts });
          await sleep(THINK_MS);
        }
      };
      const load = Promise.all(Array.from({ length: CLIENTS }, (_, k) => client(k)));

      const roll = async (pkg: string, image: string) => {
        const t0 = Date.now();
        const before = signed.length;
        const r = await setImage(pkg, image);
        expect(r.code, `${pkg} → ${image}:\n${r.out}\n${up!.output().slice(-3000)}`).toBe(0);
        const mine = up!.containers().filter((c) => c.part.startsWith(`${pkg.slice(4)}-`));
        expect(mine.length, pkg).toBe(2);
        // The replicas really run that image (the engine's own account, not ours).
        for (const c of mine)
          expect(runsImage(c.id), `${c.part} runs ${image}`).toBe(imageId(image));
        const line = `${pkg} → ${image}: ${((Date.now() - t0) / 1000).toFixed(1)} s, ${signed.length - before} sign-ups meanwhile`;
        console.log(line);
      };
      const t0 = Date.now();
      try {
        await sleep(3000);
        for (const s of SERVICES) await roll(`svc-${s}`, releaseImage(`svc-${s}`));
        // The release image is the release's commit, not the current build under another tag.
        for (const s of SERVICES) {
          expect(imageId(releaseImage(`svc-${s}`)), s).not.toBe(imageId(imageTag(`svc-${s}`)));
          const label = run(e, [
            'image',
            'inspect',
            '--format',
            '{{index .Labels "org.opencontainers.image.revision"}}',
            releaseImage(`svc-${s}`),
          ]).stdout.trim();
          expect(label, s).toBe(releaseOf(`svc-${s}`).commit);
        }
        // And the upgrade path: back to the current image, one service at a time.
        for (const s of SERVICES) await roll(`svc-${s}`, imageTag(`svc-${s}`));
        await sleep(3000);
      } finally {
        loading = false;
        await load;
      }
      const seconds = (Date.now() - t0) / 1000;
      console.log(
        up!
          .output()
          .split('\n')
          .filter((l) => / ready in | rolled out /.test(l))
          .join('\n'),
      );
      console.log(
        `sign-ups: ${signed.length} in ${seconds.toFixed(0)} s by ${CLIENTS} clients; final answers ${JSON.stringify(finals)}; ` +
          `retried: ${JSON.stringify(retried)}; sent more than once: ${signed.filter((x) => x.attempts > 1).length}`,
      );
      expect(Object.keys(finals)).toEqual(['201']);
      expect(signed.length).toBeGreaterThan(CLIENTS * 10);

      // Each 201 is one registration, the one answered, however often it was sent.
      const { rows } = await db!.query<{ email: string; n: number; id: number }>(
        `SELECT email, count(*)::int AS n, min(id)::int AS id FROM registrations.registrations
         WHERE activity_id = ANY($1::int[]) GROUP BY email`,
        [activityIds],
      );
      const stored = new Map(rows.map((r) => [r.email, r]));
      expect(rows.length).toBe(signed.length);
      for (const x of signed) {
        expect(stored.get(x.email)?.n, x.email).toBe(1);
        expect(stored.get(x.email)?.id, x.email).toBe(x.id);
      }

      // Each confirmation email once.
      const t1 = Date.now();
      await smtp!.waitForUnique(signed.length, 120_000);
      await sleep(3000);
      console.log(
        `emails: ${smtp!.unique} distinct, all in ${((Date.now() - t1) / 1000).toFixed(1)} s after the load`,
      );
      const counts = signed.map((x) => smtp!.sentTo(x.email, 'signup-received').length);
      expect(counts.filter((c) => c !== 1).length, 'sign-ups without exactly one email').toBe(0);
      expect(smtp!.duplicates()).toEqual([]);
    }, 900_000);
  },
);
