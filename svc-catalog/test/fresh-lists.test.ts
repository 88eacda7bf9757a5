// R-FRESH-LISTS: the counts and draws catalog's views show are asked of their owner
// (svc-registrations, here a stand-in) for every view; while it cannot answer in time the views
// show the projection's and say so in X-May-Lag, and never fail for it.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  RPC_SUBJECTS,
  activityCountsLookup,
  drawStateLookup,
  type ActivityCountsAnswer,
  type DrawStateAnswer,
} from '@nsa/contracts';
import { createLogger, serveLookup, type RunningService } from '@nsa/service-kit';
import { serviceTestEnv, testClient as api, testFeed } from '@nsa/service-kit/testing';
import { LIST_ANSWER_TIMEOUT_MS } from '../src/entry-points/messaging/registrations-client.js';
import { start } from '../src/start.js';
import { serveSeedCommitments } from './seed-owner.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const hex = (v: string) => createHash('sha256').update(v).digest('hex');
const none = { approved: 0, offered: 0, waitlisted: 0, registrations: 0 };

/** A stand-in for svc-registrations answering the lists' questions from these maps. */
async function serveListOwner(
  counts: Map<number, ActivityCountsAnswer>,
  draws: Map<number, DrawStateAnswer>,
) {
  const nc = await testFeed(infra.natsUrl);
  const logger = createLogger('list-owner', 'silent');
  const served = [
    serveLookup(
      nc,
      RPC_SUBJECTS.activityCounts,
      'registrations',
      activityCountsLookup,
      (ids) => Promise.resolve(ids.map((id) => counts.get(id) ?? none)),
      logger,
    ),
    serveLookup(
      nc,
      RPC_SUBJECTS.draws,
      'registrations',
      drawStateLookup,
      (ids) => Promise.resolve(ids.map((id) => draws.get(id) ?? null)),
      logger,
    ),
  ];
  await nc.flush();
  return {
    stop: async () => {
      served.forEach((s) => s.stop());
      await nc.flush();
    },
  };
}

describe("catalog's views ask svc-registrations for counts and draws (R-FRESH-LISTS)", () => {
  let svc: RunningService;
  let a: ReturnType<typeof api>;
  let seedOwner: { stop(): Promise<void> };
  let school: { id: number; accessToken: string };
  let activityId: number;
  let blockId: number;
  let lotteryId: number;
  beforeAll(async () => {
    svc = await start({ env: await serviceTestEnv(infra, 'catalog') });
    a = api(svc.url);
    seedOwner = await serveSeedCommitments(infra.natsUrl);
    school = (await a.post('/api/schools', { name: 'Verse Lijst' })).body;
    blockId = (await a.post('/api/blocks', { name: 'Vers', weekStart: 12, weekEnd: 14 })).body.id;
    lotteryId = (
      await a.post('/api/blocks', {
        name: 'Verse loting',
        weekStart: 15,
        weekEnd: 17,
        signupOpensAt: '2026-03-02T18:00:00+01:00',
        signupClosesAt: '2026-03-09T18:00:00+01:00',
        allocation: 'lottery',
      })
    ).body.id;
    const providerId = (await a.post('/api/providers', { name: 'Vers' })).body.id;
    activityId = (
      await a.post('/api/activities', {
        title: 'Versheid',
        capacity: 10,
        weekday: 2,
        startTime: '15:00',
        schoolId: school.id,
        blockId,
        providerId,
      })
    ).body.id;
  });
  afterAll(async () => {
    await svc?.stop();
    await seedOwner?.stop();
  });

  const adminRow = async () => {
    const res = await a.get(`/api/admin/activities?blockId=${blockId}`);
    expect(res.status).toBe(200);
    return { row: res.body.find((r: { id: number }) => r.id === activityId), res };
  };
  const publicRow = async () => {
    const res = await a.get(`/api/activities?schoolId=${school.id}&blockId=${blockId}`, {
      anonymous: true,
      headers: { 'x-school-token': school.accessToken },
    });
    expect(res.status).toBe(200);
    return { row: res.body.find((r: { id: number }) => r.id === activityId), res };
  };
  const lotteryBlock = async () => {
    const res = await a.get('/api/blocks');
    expect(res.status).toBe(200);
    return { block: res.body.find((b: { id: number }) => b.id === lotteryId), res };
  };

  it("shows the owner's counts and draw, and says nothing may lag", async () => {
    const published = {
      seedHash: hex('zaad'),
      entriesDigest: hex('inschrijvingen'),
      seed: 'zaad',
      publishedAt: '2026-03-10T09:00:00.000Z',
    };
    const owner = await serveListOwner(
      new Map([[activityId, { approved: 3, offered: 1, waitlisted: 2, registrations: 7 }]]),
      new Map([[lotteryId, published]]),
    );
    try {
      const admin = await adminRow();
      expect(admin.row).toMatchObject({
        approvedCount: 3,
        offeredCount: 1,
        waitlistCount: 2,
        registrationsCount: 7,
        availablePlaces: 6,
      });
      expect(admin.res.headers.get('x-may-lag')).toBeNull();
      const open = await publicRow();
      expect(open.row).toMatchObject({ approvedCount: 3, availablePlaces: 6 });
      expect(open.res.headers.get('x-may-lag')).toBeNull();
      const { block, res } = await lotteryBlock();
      expect(block).toMatchObject({
        seedHash: published.seedHash,
        entriesDigest: published.entriesDigest,
        seed: 'zaad',
        drawPublishedAt: published.publishedAt,
      });
      expect(res.headers.get('x-may-lag')).toBeNull();
    } finally {
      await owner.stop();
    }
  });

  it("shows the projection's figures, marked, while the owner is not there", async () => {
    const admin = await adminRow();
    expect(admin.row).toMatchObject({ approvedCount: 0, availablePlaces: 10 });
    expect(admin.res.headers.get('x-may-lag')).toBe('counts');
    expect((await publicRow()).res.headers.get('x-may-lag')).toBe('counts');
    const { block, res } = await lotteryBlock();
    expect(block.seed).toBeNull();
    expect(res.headers.get('x-may-lag')).toBe('draws');
  });

  it("shows the projection's figures, marked, when the owner does not answer in time", async () => {
    // Takes the questions and never answers them.
    const nc = await testFeed(infra.natsUrl);
    const silent = [RPC_SUBJECTS.activityCounts, RPC_SUBJECTS.draws].map((s) =>
      nc.subscribe(s, { queue: 'registrations' }),
    );
    await nc.flush();
    try {
      const started = Date.now();
      const admin = await adminRow();
      expect(Date.now() - started).toBeLessThan(LIST_ANSWER_TIMEOUT_MS + 1000);
      expect(admin.row).toMatchObject({ approvedCount: 0 });
      expect(admin.res.headers.get('x-may-lag')).toBe('counts');
      expect((await lotteryBlock()).res.headers.get('x-may-lag')).toBe('draws');
    } finally {
      silent.forEach((s) => s.unsubscribe());
      await nc.flush();
    }
  });
});
