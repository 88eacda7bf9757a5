// R-SIGNUP-RATE: the sign-up limit counts in the database, so two processes of the service
// behind one gateway allow `SIGNUP_RATE_LIMIT` sign-ups a minute per address between them,
// not that many each.
import { createHmac, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryTypes } from '@nsa/service-kit';
import { serviceTestEnv, testClient, type TestClient } from '@nsa/service-kit/testing';
import { start as startRegistrations } from '../src/start.js';
import { SignupRateRepository } from '../src/data-access/signup-rate.js';
import { LINK_SEAL_SECRET, post, signup, startWorld, type World } from './world.js';

const infra = { adminUrl: inject('adminUrl'), natsUrl: inject('natsUrl') };
const LIMIT = 4;

describe('sign-up limit with two processes (R-SIGNUP-RATE)', () => {
  let w: World;
  let second: Awaited<ReturnType<typeof startRegistrations>>;
  let replicas: TestClient[];
  let school: { id: number; accessToken: string };
  let activityId: number;
  beforeAll(async () => {
    w = await startWorld(infra, { SIGNUP_RATE_LIMIT: String(LIMIT) });
    // A second process of the service on the same database, as REPLICAS=2 runs it.
    second = await startRegistrations({
      env: await serviceTestEnv(infra, 'registrations', {
        SIGNUP_RATE_LIMIT: String(LIMIT),
        LINK_SEAL_SECRET,
      }),
    });
    replicas = [w.reg, testClient(second.url)];
    school = await w.school('Tempo');
    activityId = (
      await w.activity({
        schoolId: school.id,
        blockId: (await w.block(20, 24)).id,
        providerId: (await w.provider()).id,
        title: 'Tempo',
        capacity: 500,
      })
    ).id;
  });
  afterAll(async () => {
    await second?.stop();
    await w?.stop();
  });

  /** An address of this run's own (the counts live a minute, other runs may share the table). */
  const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  /** A sign-up from `ip` (as nginx passes it on) through the process `n`. */
  const from = (ip: string, n: number) =>
    post(replicas[n % 2]!, school.accessToken, signup(activityId), { 'x-forwarded-for': ip });

  it('allows SIGNUP_RATE_LIMIT sign-ups a minute per address across both processes, then 429 with Retry-After', async () => {
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i += 1) statuses.push((await from(ip, i)).status);
    expect(statuses).toEqual(Array(LIMIT).fill(201));
    for (let n = 0; n < 2; n += 1) {
      const refused = await from(ip, n);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', success: false });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Another address has a limit of its own.
    expect((await from(address(), 1)).status).toBe(201);
  });

  it('holds under a burst split over both processes: exactly SIGNUP_RATE_LIMIT get 201', async () => {
    const ip = address();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => from(ip, i)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(201), ...Array(12 - LIMIT).fill(429)]);
  });

  it('stores a keyed hash of the address, never the address, and prunes ended windows', async () => {
    const ip = address();
    expect((await from(ip, 0)).status).toBe(201);
    const db = w.registrations.ctx.sequelize;
    const key = createHmac('sha256', LINK_SEAL_SECRET).update(`signup-rate\n${ip}`).digest('hex');
    const rows = await db.query<Record<string, unknown>>(
      'SELECT * FROM signup_rate WHERE client_key = :key',
      { replacements: { key }, type: QueryTypes.SELECT },
    );
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(['client_key', 'hits', 'window_start']);
    expect(JSON.stringify(rows)).not.toContain(ip);
    // A window that ended counts nothing and goes at the next prune.
    await db.query(
      `UPDATE signup_rate SET window_start = now() - interval '61 seconds'
       WHERE client_key IN (SELECT client_key FROM signup_rate ORDER BY window_start DESC LIMIT 1)`,
    );
    expect(await new SignupRateRepository(db).prune()).toBeGreaterThanOrEqual(1);
    const [left] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM signup_rate
       WHERE window_start <= now() - interval '60 seconds'`,
      { type: QueryTypes.SELECT },
    );
    expect(left!.n).toBe(0);
  });
});
