// R-NATS-USERS against a real nats-server configured as the launcher configures it (its users,
// each with natsPermissions): a connection without credentials is refused; a service publishes
// only its own events, uses the JetStream API only on its own stream and its own consumers,
// listens only on its own inbox and the questions it answers, asks only what it calls, and
// answers only the question it was given. Then the kit's own NATS work (streams, outbox,
// consumers, look-ups, erasure) runs as each service and meets no refusal.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  NATS_USES,
  PRIVACY_RPC_SUBJECTS,
  RPC_SUBJECTS,
  SERVICE_NAMES,
  STREAMS,
  natsInboxPrefix,
  natsPermissions,
  type ServiceName,
} from '@nsa/contracts';
import { ensureServiceDatabase, freePort, startNats, type Managed } from '@nsa/local-infra';
import { DurableConsumer } from '../src/consumer.js';
import { connectDatabase, runMigrations, type Sequelize } from '../src/db.js';
import { kitMigrations } from '../src/kit-migrations.js';
import { createLogger } from '../src/logger.js';
import { connectNats, ensureStreams, type NatsConnection } from '../src/nats.js';
import { Outbox } from '../src/outbox.js';
import { OwnerLookup, serveLookup } from '../src/owner.js';
import { purgeStreamMessages } from '../src/stream-purge.js';
import { startTestInfra, testNatsAuth, type TestInfra } from '../src/testing/index.js';

const logger = createLogger('nats-users-test', 'silent');
const password = (name: string) => `pw-${name}-0123456789`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A service's own stream, when it has one (a service without events has none). */
const ownStreams = (name: ServiceName) => {
  const stream = NATS_USES[name].stream;
  return stream ? [stream] : [];
};

/** A JetStream API request's answer, or the error the client got (a refusal, say). */
async function api(nc: NatsConnection, subject: string, body: unknown = {}): Promise<unknown> {
  try {
    return (await nc.request(subject, JSON.stringify(body), { timeout: 2000 })).json();
  } catch (err) {
    return err;
  }
}

const refused = (answer: unknown) => /permissions violation/i.test(String(answer));

/** Whether nats-server refuses `nc` a subscription to `subject`. */
async function subscribeRefused(nc: NatsConnection, subject: string): Promise<boolean> {
  let error: unknown;
  const sub = nc.subscribe(subject, {
    callback: (err) => {
      if (err) error = err;
    },
  });
  // The server's -ERR comes before the PONG that ends the flush.
  await nc.flush();
  return refused(error) && sub.isClosed();
}

describe('NATS users on a nats-server configured as the launcher configures it', () => {
  let url = '';
  let proc: Managed;
  const open: NatsConnection[] = [];

  async function as(name: ServiceName): Promise<NatsConnection> {
    const nc = await connectNats(url, `test-${name}`, logger, { user: name, pass: password(name) });
    open.push(nc);
    return nc;
  }

  /** Messages in a stream now. */
  async function count(nc: NatsConnection, stream: string): Promise<number> {
    const jsm = await jetstreamManager(nc);
    return (await jsm.streams.info(stream)).state.messages;
  }

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-users-'));
    const started = await startNats({
      storeDir: path.join(dir, 'store'),
      port: await freePort(),
      logFile: path.join(dir, 'nats.log'),
      users: SERVICE_NAMES.map((name) => ({
        user: name,
        password: password(name),
        permissions: natsPermissions(name),
      })),
    });
    url = started.url;
    proc = started.proc;
    for (const name of SERVICE_NAMES) await ensureStreams(await as(name), 1, ownStreams(name));
    for (const name of SERVICE_NAMES) {
      const jsm = await jetstreamManager(await as(name));
      for (const c of NATS_USES[name].consumers) {
        await jsm.consumers.add(STREAMS[c.stream].name, {
          durable_name: c.durable,
          ack_policy: AckPolicy.Explicit,
        });
      }
    }
  }, 60_000);

  afterAll(async () => {
    for (const nc of open) await nc.close().catch(() => undefined);
    await proc?.stop();
  });

  it('refuses a connection without credentials, or with a wrong password', async () => {
    const { connect } = await import('@nats-io/transport-node');
    await expect(connect({ servers: url, reconnect: false })).rejects.toThrow(/authorization/i);
    await expect(
      connect({ servers: url, reconnect: false, user: 'identity', pass: 'guess' }),
    ).rejects.toThrow(/authorization/i);
  });

  it("lets a service publish its own events and no other service's", async () => {
    const catalog = await as('catalog');
    const before = {
      own: await count(catalog, 'CATALOG'),
      identity: await count(await as('identity'), 'IDENTITY'),
      registrations: await count(await as('registrations'), 'REGISTRATIONS'),
    };
    catalog.publish('catalog.school.created', '{}');
    // A forged session end or admin event in identity's stream.
    catalog.publish('identity.session.ended', '{}');
    catalog.publish('registrations.registration.approved', '{}');
    await catalog.flush();
    await sleep(200);
    expect(await count(catalog, 'CATALOG')).toBe(before.own + 1);
    expect(await count(await as('identity'), 'IDENTITY')).toBe(before.identity);
    expect(await count(await as('registrations'), 'REGISTRATIONS')).toBe(before.registrations);
  });

  it("keeps another service's stream out of reach: no update, no create over it, no look inside", async () => {
    const catalog = await as('catalog');
    const registrations = await as('registrations');
    const jsm = await jetstreamManager(registrations);
    const config = (await jsm.streams.info('REGISTRATIONS')).config;
    // Shortening its age limit to a second would empty it (and hide the events from notify).
    const shorter = { ...config, max_age: nanos(1000), duplicate_window: nanos(1000) };
    expect(refused(await api(catalog, '$JS.API.STREAM.UPDATE.REGISTRATIONS', shorter))).toBe(true);
    expect(refused(await api(catalog, '$JS.API.STREAM.INFO.REGISTRATIONS'))).toBe(true);
    expect(refused(await api(catalog, '$JS.API.STREAM.MSG.GET.REGISTRATIONS', { seq: 1 }))).toBe(
      true,
    );
    // A reader may create a stream it reads that does not exist yet, never change one that does.
    const created = (await api(catalog, '$JS.API.STREAM.CREATE.REGISTRATIONS', shorter)) as {
      error?: { description?: string };
    };
    expect(created.error?.description).toMatch(/already in use/i);
    expect((await jsm.streams.info('REGISTRATIONS')).config.max_age).toBe(config.max_age);
    // Not even its own stream may a service delete or purge.
    expect(refused(await api(catalog, '$JS.API.STREAM.DELETE.REGISTRATIONS'))).toBe(true);
    expect(refused(await api(catalog, '$JS.API.STREAM.PURGE.CATALOG'))).toBe(true);
    expect(refused(await api(registrations, '$JS.API.STREAM.DELETE.REGISTRATIONS'))).toBe(true);
    expect(refused(await api(registrations, '$JS.API.STREAM.PURGE.REGISTRATIONS'))).toBe(true);
    expect(refused(await api(catalog, '$JS.API.STREAM.LIST'))).toBe(true);
  });

  it('deletes a message only in its own stream, and only the service that erases', async () => {
    const registrations = await as('registrations');
    const catalog = await as('catalog');
    const jsm = await jetstreamManager(registrations);
    const own = await jsm.jetstream().publish('registrations.registration.approved', '{}');
    const other = await jetstream(catalog).publish('catalog.school.updated', '{}');
    expect(await jsm.streams.deleteMessage('REGISTRATIONS', own.seq)).toBe(true);
    await expect(jsm.streams.deleteMessage('CATALOG', other.seq)).rejects.toThrow(
      /permissions violation/i,
    );
    // catalog has no erasure: not even in its own stream.
    const catalogJsm = await jetstreamManager(catalog);
    await expect(catalogJsm.streams.deleteMessage('CATALOG', other.seq)).rejects.toThrow(
      /permissions violation/i,
    );
    expect((await catalogJsm.streams.info('CATALOG')).state.messages).toBeGreaterThan(0);
  });

  it("keeps another service's consumer out of reach: no delete, no take-over, no fetch, no ack", async () => {
    const catalog = await as('catalog');
    const notify = await as('notify');
    const notifyJsm = await jetstreamManager(notify);
    const before = await notifyJsm.consumers.info('REGISTRATIONS', 'notify');
    expect(refused(await api(catalog, '$JS.API.CONSUMER.DELETE.REGISTRATIONS.notify'))).toBe(true);
    expect(
      refused(
        await api(catalog, '$JS.API.CONSUMER.CREATE.REGISTRATIONS.notify', {
          stream_name: 'REGISTRATIONS',
          config: { durable_name: 'notify', ack_policy: 'none' },
        }),
      ),
    ).toBe(true);
    expect(refused(await api(catalog, '$JS.API.CONSUMER.MSG.NEXT.REGISTRATIONS.notify'))).toBe(
      true,
    );
    expect(refused(await api(catalog, '$JS.API.CONSUMER.INFO.REGISTRATIONS.notify'))).toBe(true);
    expect(refused(await api(catalog, '$JS.API.CONSUMER.LIST.REGISTRATIONS'))).toBe(true);
    // An ack for notify's delivery would tell JetStream an email went out.
    expect(refused(await api(catalog, '$JS.ACK.REGISTRATIONS.notify.1.1.1.1.0'))).toBe(true);
    // Its own durable may not be moved onto another stream's consumer name either.
    expect(refused(await api(catalog, '$JS.API.CONSUMER.CREATE.IDENTITY.catalog'))).toBe(true);
    const after = await notifyJsm.consumers.info('REGISTRATIONS', 'notify');
    expect(after.config).toEqual(before.config);
  });

  it("reads replies only on its own inbox: not on _INBOX.> nor on another service's", async () => {
    const catalog = await as('catalog');
    const identity = await as('identity');
    const registrations = await as('registrations');
    expect(await subscribeRefused(catalog, '_INBOX.>')).toBe(true);
    expect(await subscribeRefused(catalog, `${natsInboxPrefix('registrations')}.>`)).toBe(true);
    expect(await subscribeRefused(catalog, `${natsInboxPrefix('identity')}.>`)).toBe(true);
    expect(await subscribeRefused(catalog, '>')).toBe(true);
    // A session answer (email and role) goes to the asker's inbox, which only it may read.
    identity.subscribe(RPC_SUBJECTS.sessions, {
      callback: (err, msg) => {
        if (!err) msg.respond('{"values":[]}');
      },
    });
    await identity.flush();
    const reply = await registrations.request(RPC_SUBJECTS.sessions, '{}', { timeout: 2000 });
    expect(reply.subject.startsWith(`${natsInboxPrefix('registrations')}.`)).toBe(true);
    expect(await subscribeRefused(catalog, `${natsInboxPrefix('catalog')}.>`)).toBe(false);
  });

  it('asks only what it calls: only registrations asks for privacy work', async () => {
    const catalog = await as('catalog');
    const notify = await as('notify');
    const identity = await as('identity');
    const registrations = await as('registrations');
    const heard: string[] = [];
    identity.subscribe(PRIVACY_RPC_SUBJECTS.identity, {
      callback: (err, msg) => {
        if (err) return;
        heard.push(msg.string());
        msg.respond('{}');
      },
    });
    await identity.flush();
    for (const nc of [catalog, notify]) {
      await expect(
        nc.request(PRIVACY_RPC_SUBJECTS.identity, '"erase"', { timeout: 1000 }),
      ).rejects.toThrow(/permissions violation/i);
      await expect(
        nc.request(PRIVACY_RPC_SUBJECTS.notify, '"erase"', { timeout: 1000 }),
      ).rejects.toThrow(/permissions violation/i);
    }
    // identity asks nobody; catalog does not ask catalog.
    await expect(
      identity.request(RPC_SUBJECTS.activities, '{}', { timeout: 1000 }),
    ).rejects.toThrow(/permissions violation/i);
    await expect(
      catalog.request(RPC_SUBJECTS.providerLinks, '{}', { timeout: 1000 }),
    ).rejects.toThrow(/permissions violation/i);
    expect(heard).toEqual([]);
    await registrations.request(PRIVACY_RPC_SUBJECTS.identity, '"export"', { timeout: 2000 });
    expect(heard).toEqual(['"export"']);
  });

  it("answers only its own questions: notify cannot listen on identity's", async () => {
    const notify = await as('notify');
    const catalog = await as('catalog');
    expect(await subscribeRefused(notify, RPC_SUBJECTS.sessions)).toBe(true);
    expect(await subscribeRefused(notify, PRIVACY_RPC_SUBJECTS.identity)).toBe(true);
    expect(await subscribeRefused(notify, 'rpc.identity.>')).toBe(true);
    expect(await subscribeRefused(catalog, RPC_SUBJECTS.sessions)).toBe(true);
    expect(await subscribeRefused(catalog, RPC_SUBJECTS.activitySignups)).toBe(true);
    expect(await subscribeRefused(notify, PRIVACY_RPC_SUBJECTS.notify)).toBe(false);
  });

  it('answers a question once, on its reply subject, and writes into no inbox otherwise', async () => {
    const notify = await as('notify');
    const registrations = await as('registrations');
    const inbox = `${natsInboxPrefix('registrations')}.test-${randomUUID()}`;
    const got: string[] = [];
    registrations.subscribe(`${inbox}.*`, {
      callback: (err, msg) => {
        if (!err) got.push(msg.string());
      },
    });
    notify.subscribe(PRIVACY_RPC_SUBJECTS.notify, {
      callback: (err, msg) => {
        if (err) return;
        msg.respond('answer');
        // A second answer to the same question, and a forged one to a question not asked.
        msg.respond('again');
        notify.publish(`${inbox}.forged`, 'forged');
      },
    });
    await Promise.all([registrations.flush(), notify.flush()]);
    registrations.publish(PRIVACY_RPC_SUBJECTS.notify, '"export"', { reply: `${inbox}.1` });
    await registrations.flush();
    await sleep(300);
    expect(got).toEqual(['answer']);
  });

  it('gives every service exactly its own inbox and the questions it answers to listen on', () => {
    for (const name of SERVICE_NAMES) {
      const p = natsPermissions(name);
      expect(p.subscribe.allow).toEqual([`${natsInboxPrefix(name)}.>`, ...NATS_USES[name].answers]);
      if (NATS_USES[name].stream) expect(p.publish.allow).toContain(`${name}.>`);
      // No wildcard over the JetStream API, a stream or a consumer other than its own durables'.
      for (const s of p.publish.allow.filter((a) => a.startsWith('$JS.'))) {
        expect(s.endsWith('.>') ? /^\$JS\.(API\.CONSUMER\.CREATE|ACK)\./.test(s) : true).toBe(true);
      }
      for (const other of SERVICE_NAMES.filter((o) => o !== name)) {
        expect(p.publish.allow).not.toContain(`${other}.>`);
      }
    }
  });
});

describe("the kit's NATS work as each service, with the services' permissions", () => {
  const SCHEMA = 'kit_nats_users';
  let infra: TestInfra;
  let sequelize: Sequelize;
  let feed: NatsConnection;
  const conns: NatsConnection[] = [];
  const stops: Array<{ stop(): unknown }> = [];
  const nc: Partial<Record<ServiceName, NatsConnection>> = {};

  beforeAll(async () => {
    infra = await startTestInfra();
    const url = await ensureServiceDatabase(infra.adminUrl, SCHEMA);
    sequelize = await connectDatabase({ url, schema: SCHEMA, poolMax: 4, applicationName: 'kit' });
    await runMigrations(sequelize, SCHEMA, kitMigrations, logger);
    // Without credentials: the test's unrestricted user, standing in for every producer.
    feed = await connectNats(infra.natsUrl, 'feed', logger);
    conns.push(feed);
  }, 60_000);

  afterAll(async () => {
    for (const s of stops.reverse()) await s.stop();
    for (const c of conns) await c.close().catch(() => undefined);
    await sequelize?.close();
    await infra?.stop();
  });

  // notify first: the streams it reads do not exist yet, so its consumers create them.
  // These four first (each reads what the ones before it keep); any other service after them.
  const first: ServiceName[] = ['notify', 'identity', 'catalog', 'registrations'];
  const order: ServiceName[] = [...first, ...SERVICE_NAMES.filter((n) => !first.includes(n))];

  it.each(order)(
    '%s keeps its stream, publishes its events and reads with its own durables',
    async (name) => {
      const own = await connectNats(infra.natsUrl, `svc-${name}`, logger, testNatsAuth(name));
      conns.push(own);
      nc[name] = own;
      await ensureStreams(own, 1, ownStreams(name));

      // A service without a stream of its own publishes no events.
      if (NATS_USES[name].stream) {
        const outbox = new Outbox(sequelize, own, logger, 600_000);
        await sequelize.transaction((tx) =>
          outbox.add(tx, { type: `${name}.kit-nats-users.published`, data: {} }),
        );
        expect(await outbox.publishPending()).toBe(1);
      }

      for (const use of NATS_USES[name].consumers) {
        const subject = STREAMS[use.stream].subjects[0]!.replace('>', `kit-nats-users.${name}`);
        const handled: string[] = [];
        const consumer = new DurableConsumer(
          own,
          sequelize,
          {
            stream: use.stream,
            durable: use.durable,
            handlers: {
              [subject]: { versions: [1], handle: async (e) => void handled.push(e.id) },
            },
          },
          logger,
        );
        await consumer.start();
        stops.push(consumer);
        const id = randomUUID();
        await jetstream(feed).publish(
          subject,
          JSON.stringify({
            id,
            type: subject,
            version: 1,
            occurredAt: new Date().toISOString(),
            data: {},
          }),
          { msgID: id },
        );
        const deadline = Date.now() + 10_000;
        while (!handled.includes(id) && Date.now() < deadline) await sleep(50);
        expect(handled).toContain(id);
        // Acked: nothing left pending for the durable.
        for (let i = 0; i < 50; i++) {
          const n = await consumer.info();
          if (n.pending + n.ackPending === 0) break;
          await sleep(50);
        }
        expect(await consumer.info()).toMatchObject({ pending: 0, ackPending: 0 });
      }
    },
    30_000,
  );

  it('asks and answers exactly as the table says', async () => {
    const spec = { key: z.string(), value: z.string() };
    for (const owner of SERVICE_NAMES) {
      for (const subject of NATS_USES[owner].answers) {
        stops.push(
          serveLookup(
            nc[owner]!,
            subject,
            owner,
            spec,
            async (keys) => keys.map(() => owner),
            logger,
          ),
        );
      }
    }
    await Promise.all(SERVICE_NAMES.map((s) => nc[s]!.flush()));
    for (const asker of SERVICE_NAMES) {
      for (const subject of NATS_USES[asker].asks) {
        const owner = SERVICE_NAMES.find((s) => NATS_USES[s].answers.includes(subject))!;
        expect(await new OwnerLookup(nc[asker]!, subject, spec, logger).get('k'), subject).toBe(
          owner,
        );
      }
    }
  });

  it('registrations erases messages of its own stream once every consumer has them', async () => {
    const out = await purgeStreamMessages(
      nc.registrations!,
      'REGISTRATIONS',
      (subject) => subject.startsWith('registrations.kit-nats-users.'),
      logger,
      5000,
    );
    expect(out).toEqual({ deleted: 4, pending: 0 });
  });

  it('met no refusal on the way', () => {
    const log = fs.readFileSync(path.join(infra.dir, 'nats.log'), 'utf8');
    expect(log).not.toMatch(/violation/i);
  });
});
