// Writing to the outbox: many events (audit entries among them) in one statement, in their
// order, with the values bound rather than written into the SQL.
import { AUDIT_ACTIONS, AUDIT_EVENT_TYPES, NATS_HEADERS, auditEntrySchema } from '@nsa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, recordAudit, recordAudits, SYSTEM_ACTOR } from '../src/audit.js';
import { QueryTypes, type Sequelize, type Transaction } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import { Outbox } from '../src/outbox.js';
import { recordStatements } from '../src/testing/index.js';
import { startKitWorld, type KitWorld } from './kit-world.js';

let world: KitWorld;
let sequelize: Sequelize;
let outbox: Outbox;

beforeAll(async () => {
  world = await startKitWorld('kit_outbox_write', () => createLogger('kit-test', 'silent'));
  sequelize = world.sequelize;
  // Never started: these tests only write.
  outbox = new Outbox(sequelize, world.nc, world.logger, 600_000);
}, 60_000);

afterAll(() => world?.stop(), 30_000);

interface Stored {
  id: string;
  type: string;
  subject: string;
  version: number;
  occurredAt: string;
  data: unknown;
  headers: Record<string, string>;
}

async function stored(ids: string[]): Promise<Stored[]> {
  return sequelize.query<Stored>(
    `SELECT id, type, subject, version, occurred_at AS "occurredAt", data, headers FROM outbox
     WHERE id IN (:ids) ORDER BY seq`,
    { replacements: { ids }, type: QueryTypes.SELECT },
  );
}

/** Runs `write` in a transaction; answers what it returned and the outbox INSERTs it sent. */
async function inserts<T>(write: (tx: Transaction) => Promise<T>) {
  const recorder = recordStatements(sequelize);
  try {
    const result = await sequelize.transaction(write);
    return { result, statements: recorder.texts().filter((s) => /INSERT INTO outbox/.test(s)) };
  } finally {
    recorder.stop();
  }
}

describe('outbox.addMany', () => {
  it('writes every event with one statement, in the order given, values bound', async () => {
    const secret = "O'Brien \\ \u00e9 $1 :id0";
    const events = [
      { type: 'registrations.kit-write.a', data: { n: 1, name: secret }, requestId: 'req-1' },
      { type: 'registrations.kit-write.b', version: 2, data: null },
      { type: 'registrations.kit-write.a', data: [1, 'two', { three: true }] },
    ];
    const { result: envelopes, statements } = await inserts((tx) =>
      outbox.addMany<unknown>(tx, events),
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]).not.toContain('Brien');
    const rows = await stored(envelopes.map((e) => e.id));
    // seq follows the order given.
    expect(rows.map((r) => r.id)).toEqual(envelopes.map((e) => e.id));
    expect(rows.map((r) => [r.type, r.subject, r.version, r.data])).toEqual([
      ['registrations.kit-write.a', 'registrations.kit-write.a', 1, { n: 1, name: secret }],
      // A JSON null stays a JSON null.
      ['registrations.kit-write.b', 'registrations.kit-write.b', 2, null],
      ['registrations.kit-write.a', 'registrations.kit-write.a', 1, [1, 'two', { three: true }]],
    ]);
    expect(rows.map((r) => r.headers)).toEqual([{ [NATS_HEADERS.requestId]: 'req-1' }, {}, {}]);
    expect(new Date(rows[0]!.occurredAt).toISOString()).toBe(envelopes[0]!.occurredAt);
  }, 30_000);

  it('writes nothing for no events', async () => {
    const { result, statements } = await inserts((tx) => outbox.addMany(tx, []));
    expect(result).toEqual([]);
    expect(statements).toHaveLength(0);
  });
});

describe('Outbox.writeOnly', () => {
  it('writes rows without a NATS connection and has no relay to start', async () => {
    const writeOnly = Outbox.writeOnly(sequelize, world.logger);
    const { result: envelopes, statements } = await inserts((tx) =>
      writeOnly.addMany(tx, [{ type: 'registrations.kit-write.c', data: { n: 3 } }]),
    );
    expect(statements).toHaveLength(1);
    const rows = await stored(envelopes.map((e) => e.id));
    expect(rows.map((r) => [r.type, r.data])).toEqual([['registrations.kit-write.c', { n: 3 }]]);

    expect(() => writeOnly.start()).toThrow(/write-only outbox has no relay/);
    await expect(writeOnly.publishPending()).rejects.toThrow(/write-only outbox has no relay/);
    // The row waits for the relay of a running service.
    const [pending] = await sequelize.query<{ published: boolean }>(
      'SELECT published_at IS NOT NULL AS published FROM outbox WHERE id = :id',
      { replacements: { id: envelopes[0]!.id }, type: QueryTypes.SELECT },
    );
    expect(pending).toEqual({ published: false });
    await writeOnly.stop();
  });
});

describe('recordAudits (R-AUDIT)', () => {
  const entry = (id: number) => ({
    actor: SYSTEM_ACTOR,
    action: AUDIT_ACTIONS.registrationErased,
    target: { type: 'registration', id: String(id) },
    reason: 'retention',
  });

  it('records many entries with one statement, in their order, each complete and checked', async () => {
    const { result: envelopes, statements } = await inserts((tx) =>
      recordAudits(tx, outbox, 'registrations', [1, 2, 3, 4, 5].map(entry)),
    );
    expect(statements).toHaveLength(1);
    const rows = await stored(envelopes.map((e) => e.id));
    expect(rows.map((r) => r.type)).toEqual(Array(5).fill(AUDIT_EVENT_TYPES.registrations));
    const entries = rows.map((r) => auditEntrySchema.parse(r.data));
    expect(entries.map((e) => e.target.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(new Set(entries.map((e) => e.id)).size).toBe(5);
    for (const e of entries) expect(e).toMatchObject({ changes: null, reason: 'retention' });
  });

  it('writes none of them when one entry is not a valid audit entry', async () => {
    const bad = { ...entry(2), actor: { type: 'robot', id: null, name: null } };
    const { statements } = await inserts((tx) =>
      recordAudits(tx, outbox, 'registrations', [entry(1), bad as never]).catch(() => 'refused'),
    );
    expect(statements).toHaveLength(0);
  });

  it('gives the same entries as recordAudit does one at a time', async () => {
    const [one] = await sequelize.transaction(async (tx) => [
      await recordAudit(tx, outbox, 'identity', entry(7)),
    ]);
    const [many] = auditEvents('identity', [entry(7)]);
    const strip = ({ id: _id, at: _at, ...rest }: { id: string; at: string }) => rest;
    expect(many!.type).toBe(one!.type);
    expect(strip(many!.data)).toEqual(strip(one!.data));
  });
});
