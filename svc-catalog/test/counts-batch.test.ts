// svc-catalog keeps the sign-up counts from svc-registrations' events with one write per batch
// of events that arrived together: the counts come out as if each event had been applied in
// turn (a count never below 0), each event counts once however often it is delivered, and an
// event that changes no count is acknowledged without a write.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EVENT_TYPES, type RegistrationEvent } from '@nsa/contracts';
import { QueryTypes, connectNats, createLogger, type RunningService } from '@nsa/service-kit';
import { serviceTestEnv, testClient as api, until } from '@nsa/service-kit/testing';
import { ActivityRepository } from '../src/data-access/activities.js';
import { TokenRepository } from '../src/data-access/tokens.js';
import { Counts, countChanges, countDelta } from '../src/domain/counts.js';
import { start } from '../src/start.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const KEYS = ['approved', 'offered', 'waitlisted', 'registrations'] as const;
type Tally = Record<(typeof KEYS)[number], number>;
const zero = (): Tally => ({ approved: 0, offered: 0, waitlisted: 0, registrations: 0 });

type Status = RegistrationEvent['status'];
const ev = (
  activityId: number,
  status: Status,
  previousStatus: RegistrationEvent['previousStatus'],
): RegistrationEvent => ({
  registrationId: 1,
  activityId,
  status,
  previousStatus,
  sendEmail: false,
  language: 'nl',
});

/** The events applied one at a time, each count kept at 0 or above. */
function oneByOne(start: Tally, events: RegistrationEvent[]): Tally {
  const t = { ...start };
  for (const e of events) {
    const d = countDelta(e);
    for (const k of KEYS) t[k] = Math.max(0, t[k] + d[k]);
  }
  return t;
}

describe('count changes of a batch of events', () => {
  it('come out as the events applied one by one, from any count', () => {
    const moves: Array<[Status, RegistrationEvent['previousStatus']]> = [
      ['new', null],
      ['waitlisted', null],
      ['approved', 'new'],
      ['new', 'approved'],
      ['offered', 'waitlisted'],
      ['approved', 'offered'],
      ['withdrawn', 'offered'],
      ['withdrawn', 'approved'],
      ['rejected', 'waitlisted'],
      ['rejected', 'new'],
    ];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 500; round += 1) {
      const events = Array.from({ length: 1 + random(12) }, () => {
        const [status, previous] = moves[random(moves.length)]!;
        return ev(1 + random(3), status, previous);
      });
      const changes = countChanges(events);
      for (const c of changes) {
        const start: Tally = {
          approved: random(3),
          offered: random(3),
          waitlisted: random(3),
          registrations: random(3),
        };
        const own = events.filter((e) => e.activityId === c.activityId);
        const expected = oneByOne(start, own);
        for (const k of KEYS)
          expect(Math.max(start[k] + c[k].sum, c[k].fromZero), k).toBe(expected[k]);
        // Without a row yet: from 0.
        const fromNothing = oneByOne(zero(), own);
        for (const k of KEYS) expect(c[k].fromZero).toBe(fromNothing[k]);
      }
      // Only activities whose counts change, once each.
      const changed = new Set(
        events.filter((e) => KEYS.some((k) => countDelta(e)[k] !== 0)).map((e) => e.activityId),
      );
      expect(changes.map((c) => c.activityId).sort()).toEqual([...changed].sort());
    }
  });
});

describe('sign-up counts from a backlog of events', () => {
  const env = serviceTestEnv(infra, 'catalog');
  let svc: RunningService | undefined;
  let a: ReturnType<typeof api>;
  let school: { id: number; accessToken: string };
  const activityIds: number[] = [];

  beforeAll(async () => {
    svc = await start({ env: await env });
    a = api(svc.url);
    school = (await a.post('/api/schools', { name: 'De Stapel' })).body;
    const block = (await a.post('/api/blocks', { name: 'Herfst', weekStart: 40, weekEnd: 42 }))
      .body;
    const provider = (await a.post('/api/providers', { name: 'Sportclub' })).body;
    for (const title of ['Voetbal', 'Hockey']) {
      const body = {
        title,
        capacity: 5,
        weekday: 2,
        startTime: '15:30',
        schoolId: school.id,
        blockId: block.id,
        providerId: provider.id,
      };
      activityIds.push((await a.post('/api/activities', body)).body.id);
    }
  });
  afterAll(() => svc?.stop());

  async function settled(s: RunningService): Promise<void> {
    const jsm = await jetstreamManager(s.ctx.nc);
    await until(async () => {
      const info = await jsm.consumers.info('REGISTRATIONS', 'catalog');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
  }

  const counts = async (activityId: number): Promise<Tally> => {
    const res = await a.get(`/api/admin/activities?schoolId=${school.id}`);
    const row = res.body.find((x: { id: number }) => x.id === activityId);
    return {
      approved: row.approvedCount,
      offered: row.offeredCount,
      waitlisted: row.waitlistCount,
      registrations: row.registrationsCount,
    };
  };

  it('writes a batch of events with one statement', async () => {
    const s = svc!;
    const statements: string[] = [];
    const hook = (_: unknown, query: object) => {
      const { sql } = query as { sql?: string };
      if (sql && /activity_counts/.test(sql)) statements.push(sql);
    };
    const [one, two] = activityIds as [number, number];
    const events = [
      ev(one, 'new', null),
      ev(one, 'new', null),
      ev(two, 'waitlisted', null),
      ev(one, 'approved', 'new'),
      ev(two, 'offered', 'waitlisted'),
      ev(one, 'rejected', 'new'),
    ];
    const before = [await counts(one), await counts(two)];
    s.ctx.sequelize.addHook('afterQuery', 'count-statements', hook);
    try {
      const c = new Counts({
        activities: new ActivityRepository(s.ctx.sequelize),
        tokens: new TokenRepository(s.ctx.sequelize),
      });
      await s.ctx.sequelize.transaction((tx) => c.applyRegistrations(tx, events));
    } finally {
      s.ctx.sequelize.removeHook('afterQuery', 'count-statements');
    }
    expect(statements).toHaveLength(1);
    expect(await counts(one)).toEqual(
      oneByOne(
        before[0]!,
        events.filter((e) => e.activityId === one),
      ),
    );
    expect(await counts(two)).toEqual(
      oneByOne(
        before[1]!,
        events.filter((e) => e.activityId === two),
      ),
    );
  });

  it('applies a backlog as the events one by one, a redelivered one once, and skips no-ops', async () => {
    const [one, two] = activityIds as [number, number];
    const before = [await counts(one), await counts(two)];
    // The service is away while the events pile up, so it meets them as a backlog.
    await svc!.stop();
    svc = undefined;
    const events: RegistrationEvent[] = [];
    for (let i = 0; i < 20; i += 1) events.push(ev(one, 'new', null));
    for (let i = 0; i < 6; i += 1) events.push(ev(one, 'approved', 'new'));
    // An approval taken back whose approval is counted later (delivered out of order): the
    // count stays at 0 or above at each step, as one event at a time would leave it.
    events.push(ev(two, 'new', 'approved'));
    events.push(ev(two, 'new', null));
    events.push(ev(two, 'approved', 'new'));
    for (let i = 0; i < 4; i += 1) events.push(ev(two, 'waitlisted', null));
    events.push(ev(two, 'offered', 'waitlisted'));
    events.push(ev(one, 'withdrawn', 'approved'));
    const noop = ev(one, 'rejected', 'new');
    events.push(noop);
    const nc = await connectNats(infra.natsUrl, 'catalog-test', createLogger('test', 'silent'));
    const ids: string[] = [];
    try {
      const publisher = jetstream(nc);
      for (const data of events) {
        const id = randomUUID();
        ids.push(id);
        const type =
          data.previousStatus === null
            ? EVENT_TYPES.registrationCreated
            : data.status === 'approved'
              ? EVENT_TYPES.registrationApproved
              : data.status === 'offered'
                ? EVENT_TYPES.registrationOffered
                : data.status === 'withdrawn'
                  ? EVENT_TYPES.registrationWithdrawn
                  : data.status === 'rejected'
                    ? EVENT_TYPES.registrationRejected
                    : EVENT_TYPES.registrationReverted;
        const body = JSON.stringify({
          id,
          type,
          version: 1,
          occurredAt: new Date().toISOString(),
          data,
        });
        await publisher.publish(type, body, { msgID: id });
        // The first sign-up's event delivered a second time (another message id, so the
        // stream keeps both): it counts once.
        if (ids.length === 1) await publisher.publish(type, body, { msgID: randomUUID() });
      }
    } finally {
      await nc.close();
    }
    svc = await start({ env: await env });
    a = api(svc.url);
    await settled(svc);
    expect(await counts(one)).toEqual(
      oneByOne(
        before[0]!,
        events.filter((e) => e.activityId === one),
      ),
    );
    expect(await counts(two)).toEqual(
      oneByOne(
        before[1]!,
        events.filter((e) => e.activityId === two),
      ),
    );
    // Every event that changes a count was recorded as processed; the no-op was not.
    const processed = await svc.ctx.sequelize.query<{ event_id: string }>(
      "SELECT event_id FROM processed_events WHERE consumer = 'catalog' AND event_id IN (:ids)",
      { replacements: { ids }, type: QueryTypes.SELECT },
    );
    expect(processed).toHaveLength(ids.length - 1);
    expect(processed.map((p) => p.event_id)).not.toContain(ids[ids.length - 1]);
  });
});
