// Version skew (R-OPS-SKEW): any one service at its last release works with
// the others at the current code, and the other way round, and the last release runs on the
// schema the current code left (expand, then contract). The last releases are those recorded
// in deploy/releases/ by `npm run release`; their commit is cloned, installed and built
// (bench/src/lib/release.ts), and the launcher runs chosen services from that build.
//
// For each service, on one data directory:
//   1. that service current, the other three at their last release: a fresh install migrated
//      by the mix; the cross-service paths hold;
//   2. that service at its last release, the other three current, on the data the first mix
//      left: the current three upgrade their schemas, the released one meets the schema its
//      current version made; what mix 1 stored is still there and the paths hold again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { naschoolPool } from '../src/lib/api.js';
import { lastReleases, releaseCheckout, type Release } from '../src/lib/release.js';
import { SmtpCapture } from '../src/lib/smtp.js';
import { repoRoot, SERVICES, startBenchStack, type ServiceName } from '../src/lib/stack.js';
import { stillThere, walkAcrossServices, type Walked } from '../src/lib/walk.js';

const PORT = 19520;

let smtp: SmtpCapture;
let releases: Release[];
const roots = new Map<string, string>();

beforeAll(async () => {
  smtp = new SmtpCapture(PORT + 10_028, { keepMessages: true });
  await smtp.start();
  releases = lastReleases();
  for (const commit of new Set(releases.map((r) => r.commit))) {
    roots.set(
      commit,
      releaseCheckout(commit, (line) => console.log(`[skew] ${line}`)),
    );
  }
}, 15 * 60_000);

afterAll(async () => {
  await smtp?.stop();
});

/** The build each service runs from: its last release's checkout, or this one (undefined). */
function mix(released: ServiceName[]): Partial<Record<ServiceName, string>> {
  return Object.fromEntries(
    released.map((s) => {
      const release = releases.find((r) => r.service === s)!;
      return [s, roots.get(release.commit)!];
    }),
  );
}

async function inMix<T>(
  released: ServiceName[],
  dataDir: string,
  walk: (base: string, db: pg.Pool) => Promise<T>,
): Promise<T> {
  const roots = mix(released);
  const stack = await startBenchStack({
    port: PORT,
    quiet: true,
    dataDir,
    serviceRoots: roots,
    env: { SMTP_URL: smtp.url },
  });
  const db = naschoolPool(stack.adminDbUrl, 2);
  try {
    // Each service process runs the build it was given.
    for (const s of SERVICES) {
      const cmdline = fs.readFileSync(`/proc/${stack.pid(s)}/cmdline`, 'utf8');
      expect(cmdline, s).toContain(path.join(roots[s] ?? repoRoot, `svc-${s}`, 'dist'));
    }
    return await walk(stack.api, db);
  } catch (err) {
    const problems = stack.lines.filter((l) => / (ERROR|FATAL) |exited/.test(l)).slice(-15);
    throw new Error(`${(err as Error).message}\n  launcher lines:\n  ${problems.join('\n  ')}`, {
      cause: err,
    });
  } finally {
    await db.end().catch(() => undefined);
    await stack.stop();
  }
}

describe.each(SERVICES)('version skew: %s', (service) => {
  const others = SERVICES.filter((s) => s !== service);
  let dataDir = '';
  let earlier: Walked | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nsa-skew-${service}-`));
  });
  afterAll(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${service} current beside the others at their last release`, async () => {
    earlier = await inMix(others, dataDir, (base, db) =>
      walkAcrossServices(base, smtp, db, `${service}-nieuw`),
    );
  }, 240_000);

  it(`${service} at its last release on the current schema, beside the others current`, async () => {
    expect(earlier, 'the first mix stored a sign-up to find again').toBeDefined();
    await inMix([service], dataDir, async (base, db) => {
      await stillThere(base, earlier!);
      return walkAcrossServices(base, smtp, db, `${service}-oud`);
    });
  }, 240_000);
});
