// R-SIGNUP-OVERLAP is kept twice: by `sign_up` when a child signs up (the SQL function
// `activities_overlap`, sql/sign-up.sql) and by the draw (`overlaps`, src/domain/draw.ts).
// The two must agree on every pair of activities; and `sign_up`'s check of the child must stay
// planned as when the rule was written out in it (the function inlined, the same indexes).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import { kitMigrations, QueryTypes, runMigrations, type Sequelize } from '@nsa/service-kit';
import { serviceTestEnv } from '@nsa/service-kit/testing';
import { migrations } from '../migrations/index.js';
import { m0014SignUpRules } from '../migrations/0014-sign-up-rules.js';
import { overlaps, type DrawActivity } from '../src/domain/draw.js';
import { start as startRegistrations } from '../src/start.js';
import { LINK_SEAL_SECRET } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };

type Times = Pick<DrawActivity, 'weekday' | 'startTime' | 'weekStart' | 'weekEnd'>;

/** An activity's time: any weekday, a few start times, a week range within a year. */
const times: fc.Arbitrary<Times> = fc
  .record({
    weekday: fc.integer({ min: 1, max: 7 }),
    startTime: fc.constantFrom('15:00', '15:30', '16:00'),
    weeks: fc.tuple(fc.integer({ min: 1, max: 53 }), fc.integer({ min: 1, max: 53 })),
  })
  .map(({ weekday, startTime, weeks: [x, y] }) => ({
    weekday,
    startTime,
    weekStart: Math.min(x, y),
    weekEnd: Math.max(x, y),
  }));

/** Two activities' times; half of the pairs at the same weekday and start time. */
const pairs: fc.Arbitrary<[Times, Times]> = times.chain((a) =>
  fc.tuple(
    fc.constant(a),
    fc.oneof(
      times,
      times.map((b) => ({ ...b, weekday: a.weekday, startTime: a.startTime })),
    ),
  ),
);

describe('the overlap rule (R-SIGNUP-OVERLAP) in SQL and in the draw', () => {
  let registrations: Awaited<ReturnType<typeof startRegistrations>>;
  let db: Sequelize;
  beforeAll(async () => {
    registrations = await startRegistrations({
      env: await serviceTestEnv(infra, 'registrations', { LINK_SEAL_SECRET }),
    });
    db = registrations.ctx.sequelize;
  });
  afterAll(() => registrations?.stop());

  async function sqlOverlap(a: Times, b: Times): Promise<boolean> {
    const [row] = await db.query<{ overlap: boolean }>(
      `SELECT activities_overlap(
         CAST(:aWeekday AS smallint), CAST(:aStart AS char(5)),
         CAST(:aWeekStart AS smallint), CAST(:aWeekEnd AS smallint),
         CAST(:bWeekday AS smallint), CAST(:bStart AS char(5)),
         CAST(:bWeekStart AS smallint), CAST(:bWeekEnd AS smallint)) AS overlap`,
      {
        replacements: {
          aWeekday: a.weekday,
          aStart: a.startTime,
          aWeekStart: a.weekStart,
          aWeekEnd: a.weekEnd,
          bWeekday: b.weekday,
          bStart: b.startTime,
          bWeekStart: b.weekStart,
          bWeekEnd: b.weekEnd,
        },
        type: QueryTypes.SELECT,
      },
    );
    return row!.overlap;
  }

  it('activities_overlap in the database answers as overlaps in the draw, on 1,000 generated pairs both ways round', async () => {
    const seen = { true: 0, false: 0 };
    const at = (weekStart: number, weekEnd: number): Times => ({
      weekday: 2,
      startTime: '15:30',
      weekStart,
      weekEnd,
    });
    await fc.assert(
      fc.asyncProperty(pairs, async ([a, b]) => {
        for (const [x, y] of [
          [a, b],
          [b, a],
        ]) {
          // Two different activities: one activity twice is R-SIGNUP-DUPLICATE, not an overlap.
          const expected = overlaps({ id: 1, places: 1, ...x! }, { id: 2, places: 1, ...y! });
          seen[`${expected}`] += 1;
          expect(await sqlOverlap(x!, y!), JSON.stringify([x, y])).toBe(expected);
        }
      }),
      {
        numRuns: 1000,
        examples: [
          [[at(1, 3), at(3, 5)]], // the last week of one is the first of the other
          [[at(1, 3), at(4, 5)]], // one right after the other
          [[at(10, 10), at(1, 53)]], // one week inside the other's year
          [[at(1, 3), { ...at(1, 3), startTime: '16:00' }]],
          [[at(1, 3), { ...at(1, 3), weekday: 3 }]],
        ],
      },
    );
    // Both answers came up often enough to mean something.
    expect(seen.true).toBeGreaterThan(100);
    expect(seen.false).toBeGreaterThan(100);
  });

  it("plans sign_up_rules' check of the child as with the rule written out: activities_overlap inlined, the child's sign-ups read by their index", async () => {
    const [fn] = await db.query<{ src: string }>(
      "SELECT prosrc AS src FROM pg_proc WHERE proname = 'sign_up_rules'",
      { type: QueryTypes.SELECT },
    );
    const check = /SELECT coalesce\(bool_or[\s\S]*?;/.exec(fn!.src)?.[0];
    expect(check, "sign_up's check of the child").toBeDefined();
    // As PL/pgSQL runs it: its variables are the statement's parameters.
    const statement = check!
      .replace(/\s+INTO same_activity, other_activity/, '')
      .replace(/;$/, '')
      .replace(/\bp_child_key\b/g, '$1')
      .replace(/\ba_id\b/g, '$2')
      .replace(/\ba_weekday\b/g, '$3')
      .replace(/\ba_start\b/g, '$4')
      .replace(/\ba_week_start\b/g, '$5')
      .replace(/\ba_week_end\b/g, '$6');
    const call =
      /activities_overlap\(x\.weekday, x\.start_time, x\.week_start, x\.week_end,\s+\$3, \$4, \$5, \$6\)/;
    expect(statement).toMatch(call);
    // The rule as migration 0006 wrote it in sign_up.
    const writtenOut = statement.replace(
      call,
      `(x.weekday = $3 AND x.start_time = $4 AND x.week_start <= $6 AND x.week_end >= $5)`,
    );

    const plan = async (text: string, mode: 'force_generic_plan' | 'force_custom_plan') =>
      db.transaction(async (transaction) => {
        await db.query(`SET LOCAL plan_cache_mode = ${mode}`, { transaction });
        await db.query(
          `PREPARE child_check(text, integer, smallint, char(5), smallint, smallint) AS ${text}`,
          { transaction },
        );
        try {
          const rows = await db.query<{ 'QUERY PLAN': string }>(
            "EXPLAIN (COSTS OFF) EXECUTE child_check('ada|lovelace|2016-03-01', 1, 2, '15:30', 10, 14)",
            { type: QueryTypes.SELECT, transaction },
          );
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        } finally {
          await db.query('DEALLOCATE child_check', { transaction });
        }
      });
    for (const mode of ['force_generic_plan', 'force_custom_plan'] as const) {
      const withFunction = await plan(statement, mode);
      expect(withFunction, mode).not.toMatch(/activities_overlap/);
      expect(withFunction, mode).toMatch(/Index Scan (using|on) registrations_child /);
      expect(withFunction, mode).toBe(await plan(writtenOut, mode));
    }
  });

  it('installs sql/sign-up.sql again once the file changed (a new hash in the name), keeping one row of its versions', async () => {
    const t: Times = { weekday: 4, startTime: '16:00', weekStart: 5, weekEnd: 9 };
    const family = async () =>
      (
        await db.query<{ name: string }>(
          "SELECT name FROM schema_migrations WHERE name LIKE '0014-sign-up-rules-%'",
          { type: QueryTypes.SELECT },
        )
      ).map((r) => r.name);
    expect(await family()).toEqual([m0014SignUpRules.name]);
    // The database as another version of the file left it: other rules, another name.
    await db.query(`CREATE OR REPLACE FUNCTION activities_overlap(
        a_weekday smallint, a_start_time char(5), a_week_start smallint, a_week_end smallint,
        b_weekday smallint, b_start_time char(5), b_week_start smallint, b_week_end smallint
      ) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$ SELECT false $$`);
    await db.query(
      "UPDATE schema_migrations SET name = '0014-sign-up-rules-0123456789ab' WHERE name = :name",
      { replacements: { name: m0014SignUpRules.name } },
    );
    expect(await sqlOverlap(t, t)).toBe(false);

    // The service starting with this version of the file.
    const all = [...kitMigrations, ...migrations];
    const { config, logger } = registrations.ctx;
    expect(await runMigrations(db, config.DB_SCHEMA, all, logger)).toEqual([m0014SignUpRules.name]);
    expect(await sqlOverlap(t, t)).toBe(true);
    expect(await family()).toEqual([m0014SignUpRules.name]);
    // Started again with the same file: nothing to do.
    expect(await runMigrations(db, config.DB_SCHEMA, all, logger)).toEqual([]);
  });
});
