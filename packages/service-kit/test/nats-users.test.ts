// R-NATS-USERS against a real nats-server configured as the launcher configures it: a
// connection without credentials is refused; a service publishes only its own events, answers
// only its own questions, and deletes messages only in its own stream; nobody deletes a stream.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_NAMES, STREAMS, natsPermissions, type ServiceName } from '@nsa/contracts';
import { freePort, startNats, type Managed } from '@nsa/local-infra';
import { createLogger } from '../src/logger.js';
import { connectNats, ensureStreams, type NatsConnection } from '../src/nats.js';

const logger = createLogger('nats-users-test', 'silent');
const password = (name: string) => `pw-${name}-0123456789`;
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
  await ensureStreams(await as('catalog'), 1);
}, 60_000);

afterAll(async () => {
  for (const nc of open) await nc.close().catch(() => undefined);
  await proc?.stop();
});

describe('NATS users', () => {
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
      other: await count(catalog, 'IDENTITY'),
    };
    catalog.publish('catalog.school.created', '{}');
    // A forged session end or admin event in identity's stream.
    catalog.publish('identity.session.ended', '{}');
    catalog.publish('registrations.registration.approved', '{}');
    await catalog.flush();
    await new Promise((r) => setTimeout(r, 200));
    expect(await count(catalog, 'CATALOG')).toBe(before.own + 1);
    expect(await count(catalog, STREAMS.IDENTITY.name)).toBe(before.other);
    expect(await count(catalog, STREAMS.REGISTRATIONS.name)).toBe(0);
  });

  it("answers a service's questions only from that service: another cannot listen on its subject", async () => {
    const identity = await as('identity');
    const catalog = await as('catalog');
    const registrations = await as('registrations');
    identity.subscribe('rpc.identity.sessions', {
      callback: (err, msg) => {
        if (!err) msg.respond('identity');
      },
    });
    // Refused by the server: it never receives a question.
    let refused: Error | null = null;
    catalog.subscribe('rpc.identity.sessions', {
      callback: (err, msg) => {
        if (err) refused = err;
        else msg.respond('forged');
      },
    });
    await identity.flush();
    await catalog.flush().catch(() => undefined);
    const answers: string[] = [];
    for (let i = 0; i < 20; i++) {
      const reply = await registrations.request('rpc.identity.sessions', '{}', { timeout: 2000 });
      answers.push(reply.string());
    }
    expect(new Set(answers)).toEqual(new Set(['identity']));
    expect(String(refused)).toMatch(/permissions violation/i);
  });

  it('deletes a message only in its own stream and never a whole stream', async () => {
    const registrations = await as('registrations');
    const catalog = await as('catalog');
    const jsm = await jetstreamManager(registrations);
    const js = jsm.jetstream();
    const own = await js.publish('registrations.registration.approved', '{}');
    const other = await (
      await jetstreamManager(catalog)
    )
      .jetstream()
      .publish('catalog.school.updated', '{}');
    expect(await jsm.streams.deleteMessage('REGISTRATIONS', own.seq)).toBe(true);
    await expect(jsm.streams.deleteMessage('CATALOG', other.seq)).rejects.toThrow();
    await expect(jsm.streams.delete('CATALOG')).rejects.toThrow();
    await expect(jsm.streams.purge('REGISTRATIONS')).rejects.toThrow();
    expect((await jsm.streams.info('CATALOG')).state.messages).toBeGreaterThan(0);
  });

  it('gives every service its own publish prefix and answer subject', () => {
    for (const name of SERVICE_NAMES) {
      const p = natsPermissions(name);
      expect(p.publish.allow).toContain(`${name}.>`);
      expect(p.subscribe.allow).toEqual(['_INBOX.>', `rpc.${name}.>`]);
      for (const other of SERVICE_NAMES.filter((o) => o !== name)) {
        expect(p.publish.allow).not.toContain(`${other}.>`);
      }
    }
  });
});
