import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryTypes } from '@nsa/service-kit';
import { runDraw } from '../src/domain/draw.js';
import { post, signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('sign-up window and the draw', () => {
  let w: World;
  let school: { id: number; accessToken: string };
  let providerId: number;
  beforeAll(async () => {
    w = await startWorld(infra);
    school = await w.school();
    providerId = (await w.provider()).id;
  });
  afterAll(() => w?.stop());

  const sql = <T extends object>(query: string, replacements: Record<string, unknown> = {}) =>
    w.registrations.ctx.sequelize.query<T>(query, { replacements, type: QueryTypes.SELECT });
  const lotteryBlock = async (opensInMs: number, closesInMs: number, allocation = 'lottery') => {
    const res = await w.cat.post('/api/blocks', {
      name: `Loting ${Date.now()}`,
      weekStart: 40,
      weekEnd: 45,
      signupOpensAt: new Date(Date.now() + opensInMs).toISOString(),
      signupClosesAt: new Date(Date.now() + closesInMs).toISOString(),
      allocation,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; signupClosesAt: string };
  };
  let weekday = 0;
  const activity = async (blockId: number, capacity: number) => {
    weekday += 1;
    return (
      await w.activity({
        schoolId: school.id,
        blockId,
        providerId,
        title: `Loting ${weekday}`,
        capacity,
        weekday: weekday % 7,
        startTime: `1${weekday % 10}:30`,
      })
    ).id;
  };
  const statusOf = async (id: number) =>
    (await sql<{ status: string }>('SELECT status FROM registrations WHERE id = :id', { id }))[0]!
      .status;
  const committed = (blockId: number) =>
    sql<{ seedHash: string }>(
      `SELECT data->>'seedHash' AS "seedHash" FROM outbox
       WHERE type = 'registrations.draw.committed' AND (data->>'blockId')::int = :blockId`,
      { blockId },
    );

  it('refuses sign-ups before the window opens and after it closes (R-DRAW-WINDOW)', async () => {
    const later = await lotteryBlock(60_000, 120_000, 'fcfs');
    const a = await activity(later.id, 5);
    const early = await post(w.reg, school.accessToken, signup(a));
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('SIGNUP_NOT_OPEN');
    const past = await lotteryBlock(-120_000, -60_000, 'fcfs');
    const b = await activity(past.id, 5);
    const late = await post(w.reg, school.accessToken, signup(b));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('SIGNUP_CLOSED');
  });

  it('commits to a seed as soon as a lottery block has a window, takes sign-ups beyond capacity, draws after close, publishes once (R-DRAW-COMMIT, R-DRAW-PREVIEW, R-DRAW-PUBLISH)', async () => {
    const block = await lotteryBlock(-1000, 6000);
    const a = await activity(block.id, 2);
    await expect.poll(async () => (await committed(block.id)).length, { timeout: 10_000 }).toBe(1);
    const [{ seedHash }] = (await committed(block.id)) as [{ seedHash: string }];
    const shown = async () =>
      ((await w.cat.get('/api/blocks')).body as Array<Record<string, unknown>>).find(
        (b) => b.id === block.id,
      )!;
    // The catalog shows the commitment, not the seed (R-DRAW-COMMIT).
    await expect.poll(async () => (await shown()).seedHash, { timeout: 10_000 }).toBe(seedHash);
    expect((await shown()).seed).toBeNull();
    // Beyond capacity while the window is open: all new.
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await post(w.reg, school.accessToken, signup(a));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.registration.status).toBe('new');
      ids.push(res.body.registration.id);
    }
    // Two siblings (one parent email) in the same activity.
    const family = { email: `gezin-${Date.now()}@example.nl` };
    for (const first of ['Ada', 'Bob']) {
      const res = await post(
        w.reg,
        school.accessToken,
        signup(a, { ...family, childFirstName: first }),
      );
      ids.push(res.body.registration.id);
    }
    const early = await w.reg.post(`/api/admin/blocks/${block.id}/draw`);
    expect(early.status).toBe(409);
    await sleep(Math.max(0, new Date(block.signupClosesAt).getTime() - Date.now() + 200));
    const closed = await post(w.reg, school.accessToken, signup(a));
    expect(closed.body.code).toBe('SIGNUP_CLOSED');

    const preview = await w.reg.post(`/api/admin/blocks/${block.id}/draw`);
    expect(preview.status).toBe(201);
    const d = preview.body;
    expect(d).toMatchObject({ blockId: block.id, published: false, seedHash });
    expect(sha256(d.seed)).toBe(seedHash);
    expect(d.stats).toMatchObject({ entries: 7, children: 7, placed: 2, waitlisted: 5 });
    // Anyone can recompute it from the export and the seed.
    expect(runDraw(d.seed, d.export.activities, d.export.entries).results).toEqual(d.results);
    expect(JSON.stringify(d.export)).not.toMatch(/@|Ouder|Kind/);
    // The preview changes nothing.
    expect(await Promise.all(ids.map(statusOf))).toEqual(ids.map(() => 'new'));

    const published = await w.reg.post(`/api/admin/blocks/${block.id}/draw/publish`, {
      sendEmail: true,
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ published: true, drawId: d.drawId });
    // R-OPS-METRICS: the publication is counted with the sign-ups it placed.
    const metrics = await (await fetch(`${w.registrations.url}/metrics`)).text();
    expect(metrics).toMatch(
      /^nsa_job_runs_total\{(?=[^}]*job="draw-publish")(?=[^}]*result="ok")[^}]*\} 1$/m,
    );
    expect(metrics).toMatch(/^nsa_job_items_total\{(?=[^}]*job="draw-publish")[^}]*\} 7$/m);
    // R-AUDIT-ADMIN-CHANGES: the publication is in the audit log with the admin and its counts.
    const [audit] = await w.registrations.ctx.sequelize.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM outbox WHERE type = 'registrations.audit.recorded'
       AND data->>'action' = 'draw.published' AND data->'target'->>'id' = :id`,
      { replacements: { id: String(block.id) }, type: QueryTypes.SELECT },
    );
    expect(audit?.data).toMatchObject({
      actor: { type: 'admin', id: '1', name: 'Test Beheerder' },
      target: { type: 'block', id: String(block.id) },
      changes: { approved: { before: null }, waitlisted: { before: null } },
    });
    const outcome = new Map<number, { outcome: string; waitlistPosition: number | null }>(
      d.results.map((r: { registrationId: number }) => [r.registrationId, r]),
    );
    const rows = await sql<{ id: number; status: string }>(
      'SELECT id, status FROM registrations WHERE id IN (:ids)',
      { ids },
    );
    for (const r of rows) expect(r.status).toBe(outcome.get(r.id)!.outcome);
    const positions = await w.reg.get(`/api/admin/activities/${a}/waitlist`);
    expect(positions.body.data.map((r: { id: number }) => r.id)).toEqual(
      [...outcome.entries()]
        .filter(([, o]) => o.outcome === 'waitlisted')
        .sort((x, y) => x[1].waitlistPosition! - y[1].waitlistPosition!)
        .map(([id]) => id),
    );
    // Siblings together.
    expect(outcome.get(ids[5]!)!.outcome).toBe(outcome.get(ids[6]!)!.outcome);
    // Every parent emailed once: an approved or a waitlisted event each, sendEmail on.
    const [events] = await sql<{ n: string }>(
      `SELECT count(*) AS n FROM outbox WHERE type IN ('registrations.registration.approved',
       'registrations.registration.waitlisted') AND (data->>'registrationId')::int IN (:ids)
       AND (data->>'sendEmail')::boolean`,
      { ids },
    );
    expect(Number(events!.n)).toBe(7);
    // R-DRAW-VERIFY: the published draw, as an admin downloads it, checks out with its seed.
    const file = join(mkdtempSync(join(tmpdir(), 'draw-')), 'loting.json');
    writeFileSync(
      file,
      JSON.stringify((await w.reg.get(`/api/admin/blocks/${block.id}/draw`)).body),
    );
    const cli = fileURLToPath(new URL('../dist/src/cli/draw-verify.js', import.meta.url));
    const verified = spawnSync(process.execPath, [cli, '--seed', d.seed, '--entries', file], {
      encoding: 'utf8',
    });
    expect(verified.stdout).toContain('yes: seed matches the published seedHash');
    expect(verified.stdout).toContain('yes: entries match the published digest');
    expect(verified.stdout).toContain('yes: results match the published results');
    expect(verified.status).toBe(0);
    const wrongSeed = spawnSync(process.execPath, [
      cli,
      '--seed',
      'x'.repeat(64),
      '--entries',
      file,
    ]);
    expect(wrongSeed.status).toBe(1);
    // Once only.
    expect((await w.reg.post(`/api/admin/blocks/${block.id}/draw/publish`, {})).status).toBe(409);
    expect((await w.reg.post(`/api/admin/blocks/${block.id}/draw`)).status).toBe(409);
    expect((await w.reg.get(`/api/admin/blocks/${block.id}/draw`)).body.published).toBe(true);
    // The seed is revealed in an event.
    const [reveal] = await sql<{ seed: string }>(
      `SELECT data->>'seed' AS seed FROM outbox WHERE type = 'registrations.draw.published'
       AND (data->>'blockId')::int = :b`,
      { b: block.id },
    );
    expect(reveal!.seed).toBe(d.seed);
    await expect.poll(async () => (await shown()).seed, { timeout: 10_000 }).toBe(d.seed);
    // Afterwards first come, first served: full, with the waiting list offered.
    const after = await post(w.reg, school.accessToken, signup(a));
    expect(after.status).toBe(409);
    expect(after.body).toMatchObject({ code: 'ACTIVITY_FULL', waitlist: true });
  });

  it('refuses to publish when the entries changed since the preview (R-DRAW-PUBLISH)', async () => {
    const block = await lotteryBlock(-1000, 2000);
    const a = await activity(block.id, 1);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await post(w.reg, school.accessToken, signup(a))).body.registration.id);
    await sleep(Math.max(0, new Date(block.signupClosesAt).getTime() - Date.now() + 200));
    expect((await w.reg.post(`/api/admin/blocks/${block.id}/draw`)).status).toBe(201);
    await w.reg.post(`/api/admin/registrations/${ids[0]}/reject`, { sendEmail: false });
    const stale = await w.reg.post(`/api/admin/blocks/${block.id}/draw/publish`, {});
    expect(stale.status).toBe(409);
    expect(await statusOf(ids[1]!)).toBe('new');
    expect((await w.reg.post(`/api/admin/blocks/${block.id}/draw`)).body.stats.entries).toBe(2);
    expect((await w.reg.post(`/api/admin/blocks/${block.id}/draw/publish`, {})).status).toBe(200);
  });

  it('has no draw for a first-come block, and 404 before a preview (R-DRAW-PREVIEW)', async () => {
    const block = await lotteryBlock(-2000, -1000, 'fcfs');
    expect((await w.reg.post(`/api/admin/blocks/${block.id}/draw`)).status).toBe(409);
    expect((await w.reg.get(`/api/admin/blocks/${block.id}/draw`)).status).toBe(404);
    expect(
      (await w.reg.get(`/api/admin/blocks/${block.id}/draw`, { anonymous: true })).status,
    ).toBe(401);
  });
});
