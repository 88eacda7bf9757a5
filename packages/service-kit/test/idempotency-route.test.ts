// R-IDEMPOTENCY at the entry point: `Idempotency.respond` owns the header, the statuses and the
// recording of answers; the change (a use case) returns a body or throws its refusal, and
// reaches the request's key through the request context. On a real PostgreSQL.
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser } from '../src/context.js';
import { QueryTypes, type Transaction } from '../src/db.js';
import { AppError } from '../src/errors.js';
import { createHttpApp } from '../src/http.js';
import {
  Idempotency,
  canonicalJson,
  currentRequestKey,
  refusedAtTheDoor,
  type IdempotencyStore,
  type KeyRow,
  type StoredAnswer,
} from '../src/idempotency.js';
import { createLogger } from '../src/logger.js';
import type { Sessions, SessionUser } from '../src/session.js';
import { startKitWorld, type KitWorld } from './kit-world.js';

/** A user named by the test's X-Test-User header is logged in. */
const sessions = {
  middleware: (): RequestHandler => (req, _res, next) => {
    const name = req.headers['x-test-user'];
    if (typeof name === 'string')
      req.sessionUser = {
        sid: 'sid',
        uid: 9,
        role: 'admin',
        name,
        email: 'acting@example.test',
        iat: Date.now(),
        seen: Date.now(),
      } as SessionUser;
    next();
  },
} as unknown as Sessions;

describe('Idempotency.respond (R-IDEMPOTENCY at the entry point)', () => {
  let w: KitWorld;
  let base = '';
  let close: () => void;
  let keys = 0;

  const rows = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) =>
    w.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });

  beforeAll(async () => {
    w = await startKitWorld('kit_idempotency', () => createLogger('kit-test', 'silent'));
    const db = w.sequelize;
    await db.query(`CREATE TABLE IF NOT EXISTS kit_keys (key_hash char(64) PRIMARY KEY,
      request_hash char(64) NOT NULL, status integer, answer jsonb,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await db.query('CREATE TABLE IF NOT EXISTS kit_changes (id serial PRIMARY KEY, note text)');
    const claim = async (tx: Transaction, keyHash: string, requestHash: string) =>
      (
        await db.query(
          `INSERT INTO kit_keys (key_hash, request_hash) VALUES (:keyHash, :requestHash)
           ON CONFLICT (key_hash) DO NOTHING RETURNING 1`,
          { replacements: { keyHash, requestHash }, type: QueryTypes.SELECT, transaction: tx },
        )
      ).length === 1;
    const record = async (
      tx: Transaction,
      keyHash: string,
      status: number,
      answer: StoredAnswer,
    ) => {
      await db.query(
        'UPDATE kit_keys SET status = :status, answer = CAST(:answer AS jsonb) WHERE key_hash = :keyHash',
        { replacements: { keyHash, status, answer: JSON.stringify(answer) }, transaction: tx },
      );
    };
    const store: IdempotencyStore = {
      hours: 24,
      async find(keyHash) {
        const [row] = await db.query<KeyRow>(
          `SELECT request_hash AS "requestHash", status, answer FROM kit_keys
           WHERE key_hash = :keyHash AND status IS NOT NULL`,
          { replacements: { keyHash }, type: QueryTypes.SELECT },
        );
        return row;
      },
      claim,
      record,
      claimAndRecord: (keyHash, requestHash, status, answer) =>
        db.transaction(async (tx) => {
          if (!(await claim(tx, keyHash, requestHash))) return false;
          await record(tx, keyHash, status, answer);
          return true;
        }),
      prune: () => Promise.resolve(0),
    };
    const idempotency = new Idempotency({ store, secret: 'kit-secret', invalidKeyText: 'bad key' });
    /** The use case: a change in its transaction, with the request's key if it has one. */
    const change = (note: string) =>
      db.transaction(async (tx) => {
        const key = currentRequestKey();
        await key?.claim(tx);
        const [row] = await db.query<{ id: number }>(
          'INSERT INTO kit_changes (note) VALUES (:note) RETURNING id',
          { replacements: { note }, type: QueryTypes.SELECT, transaction: tx },
        );
        const body = { id: row!.id, note };
        await key?.record(tx, body);
        return body;
      });
    const app = createHttpApp(
      createLogger('kit-test', 'silent'),
      { publicBaseUrl: 'http://localhost:8080', sessions },
      (a) => {
        a.post('/changes', async (req, res) => {
          const body = req.body as { note: string; refuse?: string };
          await idempotency.respond(
            req,
            res,
            { scope: 'changes', request: canonicalJson(body), status: 201 },
            async () => {
              if (body.refuse === 'door') throw refusedAtTheDoor(AppError.forbidden());
              if (body.refuse === 'conflict') throw AppError.conflict(undefined, 'CONFLICT');
              return change(body.note);
            },
          );
        });
        a.get('/user', (_req, res) => {
          res.json({ user: currentUser() ?? null });
        });
      },
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  }, 120_000);
  afterAll(async () => {
    close?.();
    await w?.stop();
  });

  const send = async (body: unknown, key?: string) => {
    const res = await fetch(`${base}/changes`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const newKey = () => `kit-key-${Date.now()}-${(keys += 1)}`;
  const changes = async (note: string) =>
    Number(
      (
        await rows<{ n: string }>('SELECT count(*) AS n FROM kit_changes WHERE note = :note', {
          note,
        })
      )[0]!.n,
    );

  it("answers a keyed change with the route's status and its repeat with the same answer, changing once", async () => {
    const key = newKey();
    const first = await send({ note: 'once' }, key);
    expect(first.status).toBe(201);
    const again = await send({ note: 'once' }, key);
    expect(again).toEqual(first);
    expect(await changes('once')).toBe(1);
    // The status recorded is the route's, not one the change chose.
    const [row] = await rows<{ status: number }>(
      'SELECT status FROM kit_keys ORDER BY created_at DESC LIMIT 1',
    );
    expect(row!.status).toBe(201);
    // Without a key, every request is a change.
    expect((await send({ note: 'unkeyed' })).status).toBe(201);
    expect((await send({ note: 'unkeyed' })).status).toBe(201);
    expect(await changes('unkeyed')).toBe(2);
  });

  it('refuses the same key with another request with 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = newKey();
    expect((await send({ note: 'first' }, key)).status).toBe(201);
    const other = await send({ note: 'second' }, key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await changes('second')).toBe(0);
  });

  it("keeps a refusal of the request's own as its answer, and stores nothing for one at the door", async () => {
    const before = Number((await rows<{ n: string }>('SELECT count(*) AS n FROM kit_keys'))[0]!.n);
    const key = newKey();
    const refused = await send({ note: 'x', refuse: 'conflict' }, key);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(await send({ note: 'x', refuse: 'conflict' }, key)).toEqual(refused);
    const door = newKey();
    expect((await send({ note: 'y', refuse: 'door' }, door)).status).toBe(403);
    const after = Number((await rows<{ n: string }>('SELECT count(*) AS n FROM kit_keys'))[0]!.n);
    expect(after - before).toBe(1);
    // The same key after the door refusal is new: the request goes through.
    expect((await send({ note: 'y' }, door)).status).toBe(201);
  });

  it('refuses a key of the wrong shape with 400 naming the header', async () => {
    const res = await send({ note: 'z' }, 'x'.repeat(256));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Idempotency-Key');
  });

  it("gives a logged-in user's request its user (currentUser), and none without a session", async () => {
    const logged = await fetch(`${base}/user`, { headers: { 'x-test-user': 'Ada Admin' } });
    expect(await logged.json()).toMatchObject({
      user: { uid: 9, name: 'Ada Admin', email: 'acting@example.test' },
    });
    expect(await (await fetch(`${base}/user`)).json()).toEqual({ user: null });
  });
});
