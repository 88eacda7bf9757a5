// R-DRAW-COMMIT: the write that gives a block a lottery window answers with its seedHash, and
// every read after it shows it; the commitment is the seed owner's (svc-registrations, here a
// stand-in), and without an answer from it the write changes nothing (503).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningService } from '@nsa/service-kit';
import { serviceTestEnv, testClient as api } from '@nsa/service-kit/testing';
import { start } from '../src/start.js';
import { seedHashOf, serveSeedCommitments } from './seed-owner.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const WINDOW = {
  signupOpensAt: '2026-03-02T18:00:00+01:00',
  signupClosesAt: '2026-03-09T18:00:00+01:00',
};

describe('a lottery block commits to its seed in the write that gives it a window (R-DRAW-COMMIT)', () => {
  let svc: RunningService;
  let a: ReturnType<typeof api>;
  let seedOwner: { stop(): Promise<void> } | undefined;
  beforeAll(async () => {
    svc = await start({ env: await serviceTestEnv(infra, 'catalog') });
    a = api(svc.url);
  });
  afterAll(async () => {
    await svc?.stop();
    await seedOwner?.stop();
  });
  const blocks = async () =>
    (await a.get('/api/blocks')).body as Array<{ id: number; name: string; seedHash: string }>;

  it('answers 503 and stores nothing while the seed owner cannot be asked', async () => {
    const res = await a.post('/api/blocks', {
      name: 'Loting zonder eigenaar',
      weekStart: 3,
      weekEnd: 5,
      ...WINDOW,
      allocation: 'lottery',
    });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    expect((await blocks()).map((b) => b.name)).not.toContain('Loting zonder eigenaar');
  });

  it('answers a created lottery block with its seedHash, and the next read shows it', async () => {
    seedOwner = await serveSeedCommitments(infra.natsUrl);
    const res = await a.post('/api/blocks', {
      name: 'Loting',
      weekStart: 3,
      weekEnd: 5,
      ...WINDOW,
      allocation: 'lottery',
    });
    expect(res.status).toBe(201);
    expect(res.body.seedHash).toBe(seedHashOf(res.body.id));
    expect((await blocks()).find((b) => b.id === res.body.id)?.seedHash).toBe(
      seedHashOf(res.body.id),
    );
  });

  it('answers a block made a lottery by an update with its seedHash; first come, first served has none', async () => {
    const fcfs = await a.post('/api/blocks', { name: 'Eerst', weekStart: 6, weekEnd: 8 });
    expect(fcfs.status).toBe(201);
    expect(fcfs.body.seedHash).toBeNull();
    const res = await a.put(`/api/blocks/${fcfs.body.id}`, {
      name: 'Eerst',
      weekStart: 6,
      weekEnd: 8,
      ...WINDOW,
      allocation: 'lottery',
    });
    expect(res.status).toBe(200);
    expect(res.body.seedHash).toBe(seedHashOf(fcfs.body.id));
  });
});
