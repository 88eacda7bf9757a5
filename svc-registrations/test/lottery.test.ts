import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryTypes, openLink } from '@nsa/service-kit';
import { runDraw } from '../src/domain/draw.js';
import { entriesDigest } from '../src/domain/lottery.js';
import { LINK_SEAL_SECRET, post, signup, startWorld, type World } from './world.js';

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

  it('answers the write that gives a block a lottery window with its seedHash, which the next read shows, committed once (R-DRAW-COMMIT)', async () => {
    const res = await w.cat.post('/api/blocks', {
      name: `Loting ${Date.now()}`,
      weekStart: 40,
      weekEnd: 45,
      signupOpensAt: new Date(Date.now() - 1000).toISOString(),
      signupClosesAt: new Date(Date.now() + 60_000).toISOString(),
      allocation: 'lottery',
    });
    expect(res.status).toBe(201);
    const [draw] = await sql<{ seed: string }>('SELECT seed FROM draws WHERE block_id = :id', {
      id: res.body.id,
    });
    expect(res.body.seedHash).toBe(sha256(draw!.seed));
    expect(res.body.seed).toBeNull();
    const next = ((await w.cat.get('/api/blocks')).body as Array<Record<string, unknown>>).find(
      (b) => b.id === res.body.id,
    )!;
    expect(next.seedHash).toBe(res.body.seedHash);
    // The block's own event, arriving after, finds the commitment made: one event, one seed.
    await new Promise((r) => setTimeout(r, 500));
    expect(await committed(res.body.id)).toEqual([{ seedHash: res.body.seedHash }]);
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
    // R-DRAW-SECRET: the preview does not carry the seed.
    expect(d.seed).toBeNull();
    expect(d.stats).toMatchObject({ entries: 7, children: 7, placed: 2, waitlisted: 5 });
    expect(JSON.stringify(d.export)).not.toMatch(/@|Ouder|Kind/);
    // The preview changes nothing.
    expect(await Promise.all(ids.map(statusOf))).toEqual(ids.map(() => 'new'));

    const published = await w.reg.post(`/api/admin/blocks/${block.id}/draw/publish`, {
      sendEmail: true,
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ published: true, drawId: d.drawId });
    // Revealed now (R-DRAW-PUBLISH): anyone can recompute it from the export and the seed.
    const seed = published.body.seed as string;
    expect(sha256(seed)).toBe(seedHash);
    expect(runDraw(seed, d.export.activities, d.export.entries).results).toEqual(d.results);
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
    const verified = spawnSync(process.execPath, [cli, '--seed', seed, '--entries', file], {
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
    expect(reveal!.seed).toBe(seed);
    await expect.poll(async () => (await shown()).seed, { timeout: 10_000 }).toBe(seed);
    // Afterwards first come, first served: full, with the waiting list offered.
    const after = await post(w.reg, school.accessToken, signup(a));
    expect(after.status).toBe(409);
    expect(after.body).toMatchObject({ code: 'ACTIVITY_FULL', waitlist: true });
  });

  /** The token of a sign-up's own link, from the confirmation its creation sent. */
  const manageToken = async (id: number) => {
    const [row] = await sql<{ data: { notification: { sealedLink: string } } }>(
      `SELECT data FROM outbox WHERE type = 'registrations.registration.created'
       AND (data->>'registrationId')::int = :id`,
      { id },
    );
    return openLink(row!.data.notification.sealedLink, LINK_SEAL_SECRET)!.split('#')[1]!;
  };
  const parent = (id: number, action: 'withdraw' | 'erase') =>
    manageToken(id).then((t) =>
      w.reg.post(`/api/my-signup/${action}`, undefined, {
        anonymous: true,
        headers: { 'x-manage-token': t },
      }),
    );
  const blockShown = async (blockId: number) =>
    ((await w.cat.get('/api/blocks')).body as Array<Record<string, unknown>>).find(
      (b) => b.id === blockId,
    )!;
  const secretSeed = async (blockId: number) =>
    (
      await sql<{ seed: string }>('SELECT seed FROM draws WHERE block_id = :blockId', { blockId })
    )[0]!.seed;
  /** A lottery block with an activity of `capacity` and `n` sign-ups, one family each, closed. */
  const closedLottery = async (capacity: number, n: number) => {
    const block = await lotteryBlock(-1000, 2500);
    const a = await activity(block.id, capacity);
    await expect.poll(async () => (await committed(block.id)).length, { timeout: 10_000 }).toBe(1);
    const ids: number[] = [];
    for (let i = 0; i < n; i += 1) {
      const res = await post(w.reg, school.accessToken, signup(a));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.registration.id);
    }
    await sleep(Math.max(0, new Date(block.signupClosesAt).getTime() - Date.now() + 200));
    return { block, a, ids };
  };

  it('carries the seed in no answer before publication, admins included, and in GET draw after it (R-DRAW-SECRET)', async () => {
    const { block } = await closedLottery(1, 3);
    const seed = await secretSeed(block.id);
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    const preview = await w.reg.post(`/api/admin/blocks/${block.id}/draw`);
    expect(preview.status).toBe(201);
    expect(preview.body.seed ?? null).toBeNull();
    const got = await w.reg.get(`/api/admin/blocks/${block.id}/draw`);
    expect(got.status).toBe(200);
    expect(got.body.seed ?? null).toBeNull();
    // Nowhere in those answers, nor in the block's.
    for (const body of [preview.body, got.body, await blockShown(block.id)])
      expect(JSON.stringify(body)).not.toContain(seed);

    const published = await w.reg.post(`/api/admin/blocks/${block.id}/draw/publish`, {});
    expect(published.status).toBe(200);
    expect(published.body.seed).toBe(seed);
    const after = await w.reg.get(`/api/admin/blocks/${block.id}/draw`);
    expect(after.body).toMatchObject({ published: true, seed });
    expect(sha256(after.body.seed)).toBe(after.body.seedHash);
  });

  it('freezes the entries at close: the block shows their digest, and a withdrawal or erasure after close changes neither it nor the preview (R-DRAW-FREEZE)', async () => {
    const { block, ids } = await closedLottery(2, 5);
    // From close on, without anyone asking for a preview, the block shows the digest.
    await expect
      .poll(async () => (await blockShown(block.id)).entriesDigest ?? null, { timeout: 10_000 })
      .toMatch(/^[0-9a-f]{64}$/);
    const digest = (await blockShown(block.id)).entriesDigest as string;
    const first = await w.reg.post(`/api/admin/blocks/${block.id}/draw`);
    expect(first.status).toBe(201);
    expect(first.body.entriesDigest).toBe(digest);
    // The digest is the SHA-256 over the sorted entry keys of docs/draw.md.
    expect(first.body.export.entries).toHaveLength(5);
    expect(entriesDigest(first.body.export.entries)).toBe(digest);
    const lines = first.body.export.entries
      .map(
        (e: Record<string, unknown>) =>
          `${e.registrationId}|${e.activityId}|${e.family}|${e.child}|${e.preference}`,
      )
      .sort();
    expect(sha256(lines.map((l: string) => `${l}\n`).join(''))).toBe(digest);

    // A parent withdraws, another erases their sign-up, after close.
    expect((await parent(ids[1]!, 'withdraw')).status).toBe(200);
    expect((await parent(ids[3]!, 'erase')).status).toBe(200);
    const again = await w.reg.post(`/api/admin/blocks/${block.id}/draw`);
    expect(again.status).toBe(201);
    // Every preview gives the same: same frozen entries, same digest, same results.
    expect(again.body.entriesDigest).toBe(digest);
    expect(again.body.export).toEqual(first.body.export);
    expect(again.body.results).toEqual(first.body.results);
    await sleep(1500);
    expect((await blockShown(block.id)).entriesDigest).toBe(digest);
  });

  it('skips an entry withdrawn after close when publishing, without shifting the others (R-DRAW-FREEZE)', async () => {
    const { block, a, ids } = await closedLottery(2, 5);
    const preview = (await w.reg.post(`/api/admin/blocks/${block.id}/draw`)).body;
    const outcome = new Map<number, { outcome: string; waitlistPosition: number | null }>(
      preview.results.map((r: { registrationId: number }) => [r.registrationId, r]),
    );
    // One of the two the draw placed withdraws after close.
    const placed = ids.filter((id) => outcome.get(id)!.outcome === 'approved');
    const waiting = ids
      .filter((id) => outcome.get(id)!.outcome === 'waitlisted')
      .sort((x, y) => outcome.get(x)!.waitlistPosition! - outcome.get(y)!.waitlistPosition!);
    expect(placed).toHaveLength(2);
    expect((await parent(placed[0]!, 'withdraw')).status).toBe(200);
    const published = await w.reg.post(`/api/admin/blocks/${block.id}/draw/publish`, {});
    expect(published.status).toBe(200);
    // The others' outcomes are the draw's: the one who withdrew stays withdrawn, the other
    // placed one is approved, the waiting list keeps the draw's order.
    expect(published.body.results).toEqual(preview.results);
    expect(await statusOf(placed[0]!)).toBe('withdrawn');
    expect(await statusOf(placed[1]!)).toBe('approved');
    // The place it left goes to the first of the draw's waiting list, as any freed place.
    expect(await statusOf(waiting[0]!)).toBe('offered');
    const queue = await w.reg.get(`/api/admin/activities/${a}/waitlist`);
    expect(queue.body.data.map((r: { id: number }) => r.id)).toEqual(waiting);
  });

  it('refuses an admin decision on an entry of a closed, unpublished lottery block (R-DRAW-FREEZE)', async () => {
    const { block, ids } = await closedLottery(1, 3);
    for (const action of ['approve', 'reject']) {
      const res = await w.reg.post(`/api/admin/registrations/${ids[0]}/${action}`, {
        sendEmail: false,
      });
      expect(res.status, action).toBe(409);
      expect(res.body.code).toBe('DRAW_FROZEN');
    }
    const bulk = await w.reg.post('/api/admin/registrations/bulk', {
      action: 'approve',
      ids: [ids[1]],
      sendEmail: false,
    });
    expect(bulk.body.results).toEqual([{ id: ids[1], code: 'DRAW_FROZEN' }]);
    expect(await Promise.all(ids.map(statusOf))).toEqual(['new', 'new', 'new']);
    // Once published, the block is first come, first served again.
    expect((await w.reg.post(`/api/admin/blocks/${block.id}/draw`)).status).toBe(201);
    expect((await w.reg.post(`/api/admin/blocks/${block.id}/draw/publish`, {})).status).toBe(200);
    const waiting = (
      await sql<{ id: number }>(
        `SELECT id FROM registrations WHERE id IN (:ids) AND status = 'waitlisted'`,
        { ids },
      )
    )[0]!.id;
    const reject = await w.reg.post(`/api/admin/registrations/${waiting}/reject`, {
      sendEmail: false,
    });
    expect(reject.status).toBe(200);
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
