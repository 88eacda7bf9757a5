// The request context: the id (and the logged-in user as actor) a request or an event came in
// with is what the work it starts sees, after any number of awaits, without being passed
// along; concurrent requests each see their own, and work shared by several sees none.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { jetstream } from '@nats-io/jetstream';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { EVENT_TYPES, NATS_HEADERS, type AuditEntry } from '@nsa/contracts';
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../src/audit.js';
import { Batcher } from '../src/batch.js';
import {
  currentActor,
  currentRequestId,
  forRequest,
  requestContext,
  withActor,
} from '../src/context.js';
import { DurableConsumer } from '../src/consumer.js';
import { QueryTypes } from '../src/db.js';
import { createHttpApp } from '../src/http.js';
import { createLogger } from '../src/logger.js';
import { Outbox } from '../src/outbox.js';
import type { Sessions, SessionUser } from '../src/session.js';
import { until } from '../src/testing/index.js';
import { startKitWorld, type KitWorld } from './kit-world.js';

const PUBLIC = 'http://localhost:8080';

interface Seen {
  requestId?: string;
  actor: AuditEntry['actor'];
}
const seen = (): Seen => ({ requestId: currentRequestId(), actor: currentActor() });

/** Sessions as the app uses them: a user named by the test's X-Test-User header is logged in. */
const sessions = {
  middleware: (): RequestHandler => (req, _res, next) => {
    const name = req.headers['x-test-user'];
    if (typeof name === 'string') {
      req.sessionUser = {
        sid: 'sid',
        uid: 7,
        role: 'admin',
        name,
        email: 'admin@example.test',
        iat: Date.now(),
        seen: Date.now(),
      } as SessionUser;
    }
    // Handed on later, as a session read from its owner is.
    setImmediate(next);
  },
} as unknown as Sessions;

describe('requestContext over HTTP', () => {
  let base = '';
  let close: () => void;

  beforeAll(async () => {
    const app = createHttpApp(
      createLogger('kit-test', 'silent'),
      { publicBaseUrl: PUBLIC, sessions },
      (a) => {
        a.get('/seen/:wait', async (req, res) => {
          await sleep(Number(req.params.wait));
          // Continuations of continuations: a timer, a promise chain, a macrotask.
          const after = await Promise.resolve().then(
            () => new Promise<Seen>((r) => setImmediate(() => r(seen()))),
          );
          res.json(after);
        });
        a.post('/seen', async (req, res) => {
          await sleep(5);
          res.json({ ...seen(), body: req.body as unknown });
        });
      },
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close?.());

  it('gives the handler the request id after awaits, and the logged-in user as actor', async () => {
    const answer = await fetch(`${base}/seen/20`, {
      headers: { 'x-request-id': 'ctx-request-0001', 'x-test-user': 'Ada Admin' },
    });
    expect(await answer.json()).toEqual({
      requestId: 'ctx-request-0001',
      actor: { type: 'admin', id: '7', name: 'Ada Admin' },
    });
  });

  it('gives a request without a session the system as actor, and a new id its own', async () => {
    const answer = await fetch(`${base}/seen/1`);
    const body = (await answer.json()) as Seen;
    expect(body.requestId).toBe(answer.headers.get('x-request-id'));
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.actor).toEqual(SYSTEM_ACTOR);
  });

  it('keeps the context past a JSON body read from the socket', async () => {
    const answer = await fetch(`${base}/seen`, {
      method: 'POST',
      headers: {
        origin: PUBLIC,
        'content-type': 'application/json',
        'x-request-id': 'ctx-request-body',
      },
      body: JSON.stringify({ text: 'x'.repeat(40_000) }),
    });
    const body = (await answer.json()) as Seen & { body: { text: string } };
    expect(body.requestId).toBe('ctx-request-body');
    expect(body.body.text).toHaveLength(40_000);
  });

  it('lets no context leak between concurrent requests', async () => {
    // The first sent waits longest, so the answers come back in the opposite order.
    const ids = Array.from(
      { length: 24 },
      (_, i) => `ctx-concurrent-${String(i).padStart(2, '0')}`,
    );
    const answers = await Promise.all(
      ids.map(async (id, i) => {
        const res = await fetch(`${base}/seen/${(ids.length - i) * 3}`, {
          headers: { 'x-request-id': id, ...(i % 2 ? { 'x-test-user': `User ${i}` } : {}) },
        });
        return (await res.json()) as Seen;
      }),
    );
    expect(answers).toEqual(
      ids.map((id, i) => ({
        requestId: id,
        actor: i % 2 ? { type: 'admin', id: '7', name: `User ${i}` } : SYSTEM_ACTOR,
      })),
    );
    // Nor into the code that sent them.
    expect(currentRequestId()).toBeUndefined();
  });
});

describe('requestContext in process', () => {
  it('withActor names the actor and keeps the request id', () => {
    const parent = { type: 'parent', id: null, name: null } as const;
    const inner = requestContext.run({ requestId: 'ctx-in-process' }, () =>
      withActor(parent, seen),
    );
    expect(inner).toEqual({ requestId: 'ctx-in-process', actor: parent });
    expect(seen()).toEqual({ requestId: undefined, actor: SYSTEM_ACTOR });
  });

  it('runs a batch shared by several requests in none of their contexts', async () => {
    const inBatch: Array<string | undefined> = [];
    const batcher = new Batcher<string, string | undefined>(async (items) => {
      await sleep(1);
      inBatch.push(currentRequestId());
      return items.map(() => currentRequestId());
    });
    const answers = await Promise.all(
      ['ctx-batch-a', 'ctx-batch-b', 'ctx-batch-c'].map((id) =>
        requestContext.run({ requestId: id }, async () => {
          const inside = await batcher.submit(id);
          // The submitter's own context is back once its answer is.
          return { inside, after: currentRequestId() };
        }),
      ),
    );
    expect(inBatch).toEqual([undefined]);
    expect(answers).toEqual([
      { inside: undefined, after: 'ctx-batch-a' },
      { inside: undefined, after: 'ctx-batch-b' },
      { inside: undefined, after: 'ctx-batch-c' },
    ]);
  });
});

describe('requestContext with the outbox and a NATS consumer', () => {
  let world: KitWorld;
  let outbox: Outbox;
  let consumer: DurableConsumer;
  /** What each event's handler saw, and the event it wrote. */
  const handled = new Map<number, Seen & { derived: string }>();

  const headersOf = async (id: string) => {
    const [row] = await world.sequelize.query<{ headers: Record<string, string> }>(
      'SELECT headers FROM outbox WHERE id = :id',
      { replacements: { id }, type: QueryTypes.SELECT },
    );
    return row!.headers;
  };

  beforeAll(async () => {
    world = await startKitWorld('kit_request_context', () => createLogger('kit-test', 'silent'));
    // Never started: the test reads what was written.
    outbox = new Outbox(world.sequelize, world.nc, world.logger, 600_000);
    consumer = new DurableConsumer(
      world.nc,
      world.sequelize,
      {
        stream: 'REGISTRATIONS',
        durable: 'kit-request-context',
        handlers: {
          [EVENT_TYPES.registrationCreated]: {
            versions: [1],
            handle: async (event, { tx }) => {
              const n = (event.data as { n: number }).n;
              // Later than a database round trip, and mixed up with the other events.
              await sleep(((n * 7) % 5) * 3);
              await world.sequelize.query('SELECT 1', { transaction: tx });
              const e = await outbox.add(tx, {
                type: 'registrations.kit-context.derived',
                data: { n },
              });
              handled.set(n, { ...seen(), derived: e.id });
            },
          },
        },
      },
      world.logger,
    );
    await consumer.start();
  }, 60_000);

  afterAll(() => world?.stop(consumer), 30_000);

  it("writes an event with the current request's id, or the one fixed on it", async () => {
    const written = await world.sequelize.transaction((tx) =>
      requestContext.run({ requestId: 'ctx-outbox-1' }, async () => {
        await sleep(1);
        return outbox.addMany<unknown>(tx, [
          { type: 'registrations.kit-context.a', data: 1 },
          forRequest(
            { requestId: 'ctx-outbox-other' },
            { type: 'registrations.kit-context.b', data: 2 },
          ),
          forRequest(undefined, { type: 'registrations.kit-context.c', data: 3 }),
        ]);
      }),
    );
    const outside = await world.sequelize.transaction((tx) =>
      outbox.add(tx, { type: 'registrations.kit-context.d', data: 4 }),
    );
    expect(await Promise.all([...written, outside].map((e) => headersOf(e.id)))).toEqual([
      { [NATS_HEADERS.requestId]: 'ctx-outbox-1' },
      { [NATS_HEADERS.requestId]: 'ctx-outbox-other' },
      {},
      {},
    ]);
  }, 30_000);

  it("runs each event's handler in the request the event came with", async () => {
    const js = jetstream(world.nc);
    const publish = async (n: number, requestId?: string) => {
      const id = randomUUID();
      const h = natsHeaders();
      if (requestId) h.set(NATS_HEADERS.requestId, requestId);
      const body = {
        id,
        type: EVENT_TYPES.registrationCreated,
        version: 1,
        occurredAt: new Date().toISOString(),
        data: { n },
      };
      await js.publish(EVENT_TYPES.registrationCreated, JSON.stringify(body), {
        msgID: id,
        headers: h,
      });
    };
    // Published together, so most are handled in one batch; one arrives without an id.
    await Promise.all([1, 2, 3, 4, 5].map((n) => publish(n, `ctx-event-${n}`)));
    await publish(6);
    await until(async () => handled.size === 6, 15_000);
    for (const n of [1, 2, 3, 4, 5]) {
      const { derived, ...saw } = handled.get(n)!;
      expect(saw).toEqual({ requestId: `ctx-event-${n}`, actor: SYSTEM_ACTOR });
      // An event the handler writes carries the request on.
      expect(await headersOf(derived)).toEqual({ [NATS_HEADERS.requestId]: `ctx-event-${n}` });
    }
    const { derived, ...saw } = handled.get(6)!;
    expect(saw).toEqual({ requestId: undefined, actor: SYSTEM_ACTOR });
    expect(await headersOf(derived)).toEqual({});
  }, 30_000);
});
