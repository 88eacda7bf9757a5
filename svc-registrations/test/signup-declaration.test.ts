import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registrationEventSchema, registrationSchema } from '@nsa/contracts';
import { QueryTypes, withOrganisation } from '@nsa/service-kit';
import { recordStatements } from '@nsa/service-kit/testing';
import { post, signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

const SQL = readFileSync(new URL('../sql/sign-up.sql', import.meta.url), 'utf8');

/** The body of one function of sql/sign-up.sql. */
function body(name: string): string {
  const start = SQL.indexOf(`CREATE OR REPLACE FUNCTION ${name}(`);
  expect(start, name).toBeGreaterThanOrEqual(0);
  const open = SQL.indexOf('$fn$', start);
  return SQL.slice(open + 4, SQL.indexOf('$fn$', open + 4));
}

/** The top-level names the SQL reads of the declaration (`p_sign_up->>'x'`, `p_sign_up->'x'`). */
const readNames = (src: string) =>
  new Set([...src.matchAll(/p_sign_up\s*->>?\s*'(\w+)'/g)].map((m) => m[1]!));

/** The names `sign_up_rules` refuses a declaration without. */
const requiredNames = (src: string) => {
  const list = /unnest\(ARRAY\[([\s\S]*?)\]\)/.exec(src)?.[1] ?? '';
  return new Set([...list.matchAll(/'(\w+)'/g)].map((m) => m[1]!));
};

const sorted = (s: Iterable<string>) => [...s].sort();

/** Keys of the declaration newer than the last release, read but not required. */
const NEWER_THAN_RELEASE = new Set(['organisationId']);

/**
 * A sign-up is declared once: the TypeScript side sends one jsonb with named fields and the
 * database function reads them by those names. Both sides must name every field alike: a
 * renamed or lost field fails here, not as a null column.
 */
describe('the sign-up declaration (TypeScript and sql/sign-up.sql name its fields alike)', () => {
  let w: World;
  let school: { id: number; accessToken: string };
  let activityId: number;
  /** The declaration the service sent for one real sign-up. */
  let sent: Record<string, unknown>;
  /** The body of that sign-up. */
  let form: ReturnType<typeof signup>;
  beforeAll(async () => {
    w = await startWorld(infra);
    school = await w.school();
    const base = {
      schoolId: school.id,
      blockId: (await w.block(30, 34)).id,
      providerId: (await w.provider()).id,
    };
    activityId = (await w.activity({ ...base, title: 'Declaratie', weekday: 3 })).id;
    await w.projected(activityId);
    const recorder = recordStatements(w.registrations.ctx.sequelize);
    try {
      form = signup(activityId);
      const res = await post(w.reg, school.accessToken, form);
      expect(res.status).toBe(201);
      const call = recorder.statements.find((s) => s.name === 'registrations_sign_up_declared');
      expect(call, 'the sign_up_declared call').toBeDefined();
      sent = JSON.parse(String(call!.values![0])) as Record<string, unknown>;
    } finally {
      recorder.stop();
    }
  });
  afterAll(() => w?.stop());

  it('the database reads exactly the fields the service declares, and refuses a declaration without each', () => {
    const read = new Set([
      ...readNames(body('sign_up_rules')),
      ...readNames(body('sign_up_declared')),
    ]);
    expect(sorted(read)).toEqual(sorted(Object.keys(sent)));
    // A key newer than the last release is read when present, never required: that release's
    // declarations, without it, still sign up (expand, then contract).
    expect(sorted(requiredNames(body('sign_up_rules')))).toEqual(
      sorted(Object.keys(sent).filter((k) => !NEWER_THAN_RELEASE.has(k))),
    );
  });

  it('sets the declared organisation for its own statement, and refuses another one already set (R-ORG-HOST)', async () => {
    const db = w.registrations.ctx.sequelize;
    // Organisation 7 sees none of the sign-ups made here (R-ORG-RLS), so the declaration is
    // taken there, with a link and an event of its own; the transaction is rolled back, so
    // nothing stays. Its activity is one no organisation holds yet: organisation 1's would not
    // be organisation 7's to sign up for (R-ORG-KEYS).
    const elsewhere = 2_000_000_001;
    const declared = {
      ...sent,
      activity: { ...(sent.activity as object), id: elsewhere },
      activityId: elsewhere,
      key: null,
      organisationId: 7,
      manageTokenHash: 'e'.repeat(64),
      event: { ...(sent.event as object), id: randomUUID() },
    };
    let seen: { org: string; outcome: string } | undefined;
    await expect(
      db.transaction(async (transaction) => {
        const [taken] = await db.query<{ outcome: string }>(
          'SELECT * FROM sign_up_declared(CAST(:d AS jsonb))',
          { replacements: { d: JSON.stringify(declared) }, type: QueryTypes.SELECT, transaction },
        );
        const [row] = await db.query<{ org: string }>(
          "SELECT current_setting('app.organisation_id') AS org",
          { type: QueryTypes.SELECT, transaction },
        );
        seen = { org: row!.org, outcome: taken!.outcome };
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual({ org: '7', outcome: 'created' });
    const [left] = await withOrganisation(7, () =>
      db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM manage_tokens WHERE token_hash = :h',
        {
          replacements: { h: declared.manageTokenHash },
          type: QueryTypes.SELECT,
        },
      ),
    );
    expect(left!.n).toBe(0);
    await expect(
      db.transaction(async (transaction) => {
        await db.query("SELECT set_config('app.organisation_id', '8', true)", { transaction });
        await db.query('SELECT * FROM sign_up_declared(CAST(:d AS jsonb))', {
          replacements: { d: JSON.stringify(declared) },
          transaction,
        });
      }),
    ).rejects.toThrow(/sign-up declared for another organisation/);
  });

  it("finds a key by the column's own type, so its look-ups use the primary key", () => {
    // `key_hash` is char(64): compared with the text of a jsonb field, PostgreSQL compares the
    // column as text and reads the whole table on every keyed sign-up.
    const fn = body('sign_up_declared');
    const lookups = [...fn.matchAll(/key_hash\s*=\s*([^\s;)]+)/g)].map((m) => m[1]);
    expect(lookups.length).toBeGreaterThanOrEqual(3);
    expect(lookups.filter((operand) => operand !== 'k_hash')).toEqual([]);
    expect(fn).toMatch(/k_hash char\(64\);/);
  });

  it('declares every field of the sign-up form (registrationSchema) by its own name', () => {
    const fields = Object.keys(registrationSchema().shape);
    expect(fields.filter((k) => !(k in sent))).toEqual([]);
    // The parser's output and the declaration hold the same values under the same names.
    const parsed = registrationSchema().parse(form);
    for (const k of fields)
      expect(sent[k], k).toEqual((parsed as Record<string, unknown>)[k] ?? null);
  });

  it('refuses, in the database, a declaration that lacks a field or names it otherwise', async () => {
    const db = w.registrations.ctx.sequelize;
    const call = (declaration: Record<string, unknown>) =>
      db.query('SELECT * FROM sign_up_declared(CAST(:d AS jsonb))', {
        replacements: { d: JSON.stringify(declaration) },
        type: QueryTypes.SELECT,
      });
    const { childGroup, ...withoutGroup } = sent;
    await expect(call(withoutGroup)).rejects.toThrow(/sign-up declaration lacks childGroup/);
    await expect(call({ ...withoutGroup, child_group: childGroup })).rejects.toThrow(
      /lacks childGroup/,
    );
    const { key: _key, ...withoutKey } = sent;
    await expect(call(withoutKey)).rejects.toThrow(/lacks key/);
  });

  it("stores the declared fields and writes the event the database built, as the event's schema has it", async () => {
    const [row] = await w.registrations.ctx.sequelize.query<{
      childGroup: string;
      data: unknown;
    }>(
      `SELECT r.child_group AS "childGroup", o.data FROM registrations r
       JOIN outbox o ON o.type = 'registrations.registration.created'
         AND (o.data->>'registrationId')::int = r.id
       WHERE r.activity_id = :activityId`,
      { replacements: { activityId }, type: QueryTypes.SELECT },
    );
    expect(row!.childGroup).toBe(sent.childGroup);
    const event = registrationEventSchema.parse(row!.data);
    expect(event).toMatchObject({
      activityId,
      status: 'new',
      previousStatus: null,
      sendEmail: true,
      language: sent.language,
      notification: {
        to: sent.email,
        parentName: sent.parentName,
        childName: `${String(sent.childFirstName)} ${String(sent.childLastName)}`,
        sealedLink: sent.sealedLink,
        year: sent.year,
        waitlistPosition: null,
      },
    });
  });
});
