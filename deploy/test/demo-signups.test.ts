// R-RUN-DEMO-SIGNUPS: the demo sign-ups' plan fits the demo catalog (one activity full, one
// nearly full, every title a demo activity that takes sign-ups), and the seeding starts only
// when this run created both the demo admin and the demo school (an empty install).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PLANS, demoSeedWatch } from '../local/demo-signups.js';

const catalogSeed = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../svc-catalog/src/domain/demo-data.ts'),
  'utf8',
);

/** The demo activity's capacity, block index and flags, as svc-catalog seeds it. */
function demoActivity(title: string) {
  const row = new RegExp(
    `\\['${title}', (\\d), \\d, \\d, '[\\d:]+', (\\d+)(?:, (true|false))?(?:, (true|false))?\\]`,
  ).exec(catalogSeed);
  if (!row) throw new Error(`no demo activity ${title}`);
  return {
    block: Number(row[1]),
    capacity: Number(row[2]),
    locked: row[3] === 'true',
    hidden: row[4] === 'true',
  };
}

describe('demo sign-ups (R-RUN-DEMO-SIGNUPS)', () => {
  it('one activity full with a waiting list, one nearly full, all in blocks not yet over', () => {
    const approvals = DEMO_PLANS.map((plan) => ({
      plan,
      activity: demoActivity(plan.title),
      approved: plan.review.filter((r) => r === 'approve').length,
    }));
    for (const { activity, approved } of approvals) {
      // Block 0 is the past one; locked or hidden activities take no sign-ups.
      expect(activity.block).toBeGreaterThan(0);
      expect(activity.locked || activity.hidden).toBe(false);
      expect(approved).toBeLessThanOrEqual(activity.capacity);
    }
    const full = approvals.filter((a) => a.approved === a.activity.capacity);
    expect(full).toHaveLength(1);
    expect(full[0]!.plan.waitlist).toBeGreaterThan(0);
    const nearly = approvals.filter((a) => a.approved === a.activity.capacity - 1);
    expect(nearly).toHaveLength(1);
    const total = DEMO_PLANS.reduce((n, p) => n + p.review.length + (p.waitlist ?? 0), 0);
    expect(total).toBeGreaterThanOrEqual(36);
    expect(DEMO_PLANS.filter((p) => p.providerLink)).toHaveLength(1);
  });

  it('waits for both the demo admin and the demo school of this run', async () => {
    const watch = demoSeedWatch();
    watch.note('{"level":30,"demoSchoolCreated":true}');
    expect(await watch.ready(50)).toBe(false);
    watch.note('{"level":30,"demoAdminCreated":true}');
    expect(await watch.ready(1000)).toBe(true);
    const untouched = demoSeedWatch();
    untouched.note('{"msg":"listening"}');
    expect(await untouched.ready(50)).toBe(false);
  });
});
