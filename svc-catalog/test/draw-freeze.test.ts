import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EVENT_TYPES } from '@nsa/contracts';
import type { RunningService } from '@nsa/service-kit';
import { serviceTestEnv, testClient as api } from '@nsa/service-kit/testing';
import { start } from '../src/start.js';
import { publishEvent } from './events.js';
import { serveSeedCommitments } from './seed-owner.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HASH = 'ab'.repeat(32);

describe('a lottery block between close and publication (R-DRAW-FREEZE)', () => {
  let svc: RunningService;
  let seedOwner: { stop(): Promise<void> } | undefined;
  let a: ReturnType<typeof api>;
  let schoolId: number;
  let providerId: number;

  beforeAll(async () => {
    seedOwner = await serveSeedCommitments(infra.natsUrl);
    svc = await start({ env: await serviceTestEnv(infra, 'catalog') });
    a = api(svc.url);
    schoolId = (await a.post('/api/schools', { name: 'De Loting' })).body.id;
    providerId = (await a.post('/api/providers', { name: 'Loterij' })).body.id;
  });
  afterAll(async () => {
    await svc?.stop();
    await seedOwner?.stop();
  });

  /** Publishes an event the way svc-registrations' outbox relay does (as the test feed). */
  const publish = (type: string, data: unknown) => publishEvent(infra.natsUrl, type, data);
  const blockOf = async (id: number) =>
    ((await a.get('/api/blocks')).body as Array<Record<string, unknown>>).find((b) => b.id === id)!;

  /** A lottery block whose window closes in a moment, with one activity, and its bodies. */
  async function closingLottery(allocation: 'lottery' | 'fcfs' = 'lottery') {
    const window = {
      name: `Loting ${randomUUID().slice(0, 8)}`,
      weekStart: 30,
      weekEnd: 33,
      signupOpensAt: new Date(Date.now() - 60_000).toISOString(),
      signupClosesAt: new Date(Date.now() + 1500).toISOString(),
      allocation,
    };
    const block = await a.post('/api/blocks', window);
    expect(block.status, JSON.stringify(block.body)).toBe(201);
    const activity = {
      title: 'Knutselen',
      capacity: 3,
      weekday: 2,
      startTime: '15:30',
      schoolId,
      blockId: block.body.id as number,
      providerId,
      isLocked: false,
      isHidden: false,
    };
    const made = await a.post('/api/activities', activity);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await sleep(Math.max(0, new Date(window.signupClosesAt).getTime() - Date.now() + 100));
    return {
      blockId: block.body.id as number,
      window,
      activityId: made.body.id as number,
      activity,
    };
  }

  const expectFrozen = (res: { status: number; body: { code?: string } }, what: string) => {
    expect(res.status, what).toBe(409);
    expect(res.body.code, what).toBe('DRAW_FROZEN');
  };

  it('refuses a change of window, allocation, capacity, lock or hide, a new activity and a deletion once the window closed, and allows them again after publication', async () => {
    const { blockId, window, activityId, activity } = await closingLottery();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const earlier = new Date(Date.now() - 3_600_000).toISOString();
    expectFrozen(
      await a.put(`/api/blocks/${blockId}`, { ...window, signupClosesAt: later }),
      'reopening the window',
    );
    expectFrozen(
      await a.put(`/api/blocks/${blockId}`, { ...window, signupOpensAt: earlier }),
      'moving the opening',
    );
    expectFrozen(
      await a.put(`/api/blocks/${blockId}`, { ...window, allocation: 'fcfs' }),
      'first come, first served',
    );
    for (const [what, change] of [
      ['capacity', { capacity: 1 }],
      ['lock', { isLocked: true }],
      ['hide', { isHidden: true }],
    ] as const)
      expectFrozen(await a.put(`/api/activities/${activityId}`, { ...activity, ...change }), what);
    expectFrozen(
      await a.post('/api/activities', { ...activity, title: 'Erbij' }),
      'a new activity',
    );
    expectFrozen(await a.del(`/api/activities/${activityId}`), 'deleting the activity');
    // What the draw does not read may change: the block's name, the activity's title.
    const renamed = await a.put(`/api/blocks/${blockId}`, { ...window, name: 'Nieuwe naam' });
    expect(renamed.status).toBe(200);
    expect(
      (await a.put(`/api/activities/${activityId}`, { ...activity, title: 'Anders' })).status,
    ).toBe(200);
    const kept = await blockOf(blockId);
    expect(kept.signupClosesAt).toBe(new Date(window.signupClosesAt).toISOString());
    expect(kept.allocation).toBe('lottery');

    // Once svc-registrations says the draw is published, the block is an ordinary one again.
    await publish(EVENT_TYPES.drawPublished, {
      blockId,
      drawId: randomUUID(),
      seed: 'cd'.repeat(32),
      seedHash: HASH,
      algorithm: 'family-rounds-snake/v1',
      publishedAt: new Date().toISOString(),
    });
    await expect
      .poll(async () => (await blockOf(blockId)).drawPublishedAt ?? null, { timeout: 10_000 })
      .not.toBeNull();
    const capacity = await a.put(`/api/activities/${activityId}`, {
      ...activity,
      title: 'Anders',
      capacity: 5,
      isLocked: true,
    });
    expect(capacity.status, JSON.stringify(capacity.body)).toBe(200);
    expect(capacity.body).toMatchObject({ capacity: 5, isLocked: true });
    expect(
      (await a.put(`/api/blocks/${blockId}`, { ...window, signupClosesAt: later })).status,
    ).toBe(200);
  });

  it('leaves a first-come block and an open lottery window alone', async () => {
    const fcfs = await closingLottery('fcfs');
    expect(
      (
        await a.put(`/api/activities/${fcfs.activityId}`, {
          ...fcfs.activity,
          capacity: 1,
        })
      ).status,
    ).toBe(200);
    const open = await a.post('/api/blocks', {
      name: 'Open loting',
      weekStart: 30,
      weekEnd: 33,
      signupOpensAt: new Date(Date.now() - 60_000).toISOString(),
      signupClosesAt: new Date(Date.now() + 3_600_000).toISOString(),
      allocation: 'lottery',
    });
    expect(
      (
        await a.put(`/api/blocks/${open.body.id}`, {
          ...open.body,
          signupClosesAt: new Date(Date.now() + 7_200_000).toISOString(),
        })
      ).status,
    ).toBe(200);
  });

  it('shows the digest of the entries frozen at close in the block answers, as svc-registrations tells it', async () => {
    const { blockId } = await closingLottery();
    expect((await blockOf(blockId)).entriesDigest ?? null).toBeNull();
    await publish(EVENT_TYPES.drawFrozen, { blockId, entriesDigest: HASH });
    await expect
      .poll(async () => (await blockOf(blockId)).entriesDigest, { timeout: 10_000 })
      .toBe(HASH);
    // The activity list embeds the block with it.
    const listed = await a.get(`/api/admin/activities?blockId=${blockId}`);
    expect(listed.status).toBe(200);
    expect(listed.body[0].block.entriesDigest).toBe(HASH);
  });
});
