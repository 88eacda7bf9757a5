// The paths that differ with two of everything (CONTRACT §5), against the real product started
// with REPLICAS=2 and NATS_NODES=3: every request below may reach either process of a service,
// and each promise is checked on several requests in a row, without waiting in between.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Api,
  naschoolPool,
  seedSchool,
  signUpBody,
  sleep,
  waitForProjection,
} from '../src/lib/api.js';
import { SmtpCapture } from '../src/lib/smtp.js';
import { startBenchStack, type BenchStack } from '../src/lib/stack.js';
import type pg from 'pg';

const PORT = 19410;
const SIGNUP_LIMIT = 40;
// Requests in a row: with two processes behind round robin, both answer several times.
const ROUNDS = 8;

let stack: BenchStack;
let smtp: SmtpCapture;
let db: pg.Pool;
let admin: Api;
let seed: Awaited<ReturnType<typeof seedSchool>>;
// Sign-ups sent so far, and when the first was: the limit's window for this address began then.
let signups = 0;
let firstSignupAt = 0;

const signUpKeyed = (n: number, activityId: number, key?: string) => {
  signups += 1;
  firstSignupAt ||= Date.now();
  return admin.call<{ registration: { id: number; status: string } }>(
    'POST',
    '/api/registrations',
    signUpBody(n, activityId, 'rep'),
    { 'x-school-token': seed.school.accessToken, ...(key ? { 'idempotency-key': key } : {}) },
  );
};

beforeAll(async () => {
  smtp = new SmtpCapture(PORT + 10_028);
  await smtp.start();
  stack = await startBenchStack({
    port: PORT,
    quiet: true,
    env: {
      REPLICAS: '2',
      NATS_NODES: '3',
      SMTP_URL: smtp.url,
      SIGNUP_RATE_LIMIT: String(SIGNUP_LIMIT),
    },
  });
  db = naschoolPool(stack.adminDbUrl, 2);
  admin = new Api(stack.api);
  await admin.login();
  seed = await seedSchool(admin, { name: 'Tweevoud', activities: 4, capacity: 5 });
  await waitForProjection(db, seed.activityIds);
}, 240_000);

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await stack?.stop();
  await smtp?.stop();
}, 120_000);

describe('two processes of each service, three nats-servers', () => {
  it('runs two processes of each service', () => {
    for (const s of ['catalog', 'registrations', 'identity', 'notify']) {
      expect(stack.pid(`${s}-1`), `${s}-1`).toBeDefined();
      expect(stack.pid(`${s}-2`), `${s}-2`).toBeDefined();
    }
    for (const n of [1, 2, 3]) expect(stack.pid(`nats-${n}`), `nats-${n}`).toBeDefined();
  });

  it('refuses a logged-out session in every process of every service from the next request on', async () => {
    const session = new Api(stack.api);
    await session.login();
    const cookie = session.sessionCookie;
    for (const path of ['/api/admin/registrations?limit=1', '/api/schools', '/api/admin/users']) {
      expect((await session.call('GET', path)).status, path).toBe(200);
    }
    await session.must('POST', '/api/auth/logout', {}, [200]);
    const copy = new Api(stack.api, cookie);
    for (let i = 0; i < ROUNDS; i++) {
      for (const path of ['/api/admin/registrations?limit=1', '/api/schools', '/api/admin/users']) {
        expect((await copy.call('GET', path)).status, `${path}, request ${i + 1}`).toBe(401);
      }
    }
  });

  it('lets a generated provider link in at once and refuses it at once once replaced', async () => {
    const id = seed.activityIds[0]!;
    const link = `/api/admin/activities/${id}/provider-token`;
    const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
    const participants = (token: string) => `/api/provider/${id}/participants?token=${token}`;
    const anonymous = new Api(stack.api);
    const first = tokenOf((await admin.must<{ url: string }>('POST', `${link}/generate`)).url);
    for (let i = 0; i < ROUNDS; i++) {
      expect((await anonymous.call('GET', participants(first))).status, `request ${i + 1}`).toBe(
        200,
      );
    }
    const second = tokenOf((await admin.must<{ url: string }>('POST', `${link}/generate`)).url);
    for (let i = 0; i < ROUNDS; i++) {
      expect((await anonymous.call('GET', participants(first))).status, `old, ${i + 1}`).toBe(403);
      expect((await anonymous.call('GET', participants(second))).status, `new, ${i + 1}`).toBe(200);
    }
    await admin.must('POST', `${link}/revoke`);
    for (let i = 0; i < ROUNDS; i++) {
      expect((await anonymous.call('GET', participants(second))).status, `revoked, ${i + 1}`).toBe(
        403,
      );
    }
  });

  it('stores a sign-up sent with one key to both processes at once once, and answers each the same', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => signUpKeyed(1, seed.activityIds[1]!, 'tweevoud-1')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const ids = new Set(answers.map((a) => a.body.registration.id));
    expect(ids.size).toBe(1);
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM registrations.registrations
       WHERE activity_id = $1 AND child_first_name = $2`,
      [seed.activityIds[1], signUpBody(1, 0, 'rep').childFirstName],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('shows an approval in the admin activity list on the next request', async () => {
    const activityId = seed.activityIds[2]!;
    const listed = async () => {
      const list = await admin.must<Array<{ id: number; approvedCount: number }>>(
        'GET',
        `/api/admin/activities?schoolId=${seed.school.id}`,
      );
      return list.find((a) => a.id === activityId)!.approvedCount;
    };
    for (let n = 1; n <= 3; n++) {
      const signup = await signUpKeyed(100 + n, activityId, `tweevoud-approve-${n}`);
      expect(signup.status).toBe(201);
      const approved = await admin.approve(signup.body.registration.id, false);
      expect(approved.status).toBe(200);
      for (let i = 0; i < 3; i++) expect(await listed(), `after approval ${n}`).toBe(n);
    }
  });

  it('emails a confirmation once per sign-up, whichever notify process sends it', async () => {
    const activityId = seed.activityIds[3]!;
    const made: string[] = [];
    for (let n = 200; n < 210; n++) {
      const a = await signUpKeyed(n, activityId, `tweevoud-mail-${n}`);
      expect(a.status).toBe(201);
      made.push(signUpBody(n, activityId, 'rep').email);
    }
    const deadline = Date.now() + 30_000;
    const count = (to: string) =>
      smtp.received.filter((m) => m.to === to && /signup-received/.test(m.messageId)).length;
    while (made.some((to) => count(to) < 1) && Date.now() < deadline) await sleep(200);
    await sleep(1000); // a second copy would arrive now
    expect(made.map(count)).toEqual(Array(made.length).fill(1));
  });

  it('publishes a draw once when both processes are asked at once, and emails each entry once', async () => {
    const block = {
      name: 'Tweevoud loting',
      weekStart: 10,
      weekEnd: 20,
      signupOpensAt: new Date(Date.now() - 60_000).toISOString(),
      signupClosesAt: new Date(Date.now() + 3600_000).toISOString(),
      allocation: 'lottery' as const,
    };
    const { id: blockId } = await admin.must<{ id: number }>('POST', '/api/blocks', block);
    const lottery = await seedSchool(admin, {
      name: 'Tweevoud loting',
      activities: 1,
      capacity: 2,
      blockId,
      providerId: seed.providerId,
    });
    const activityId = lottery.activityIds[0]!;
    await waitForProjection(db, [activityId]);
    const emails: string[] = [];
    for (let n = 300; n < 306; n++) {
      const body = signUpBody(n, activityId, 'rep');
      signups += 1;
      const a = await admin.signUp(body, lottery.school.accessToken);
      expect(a.status, JSON.stringify(a.body)).toBe(201);
      emails.push(body.email);
    }
    const closes = new Date().toISOString();
    await admin.must('PUT', `/api/blocks/${blockId}`, { ...block, signupClosesAt: closes });
    // The draw needs the close to have reached registrations and the entries to be frozen.
    let preview = await admin.call('POST', `/api/admin/blocks/${blockId}/draw`);
    for (let i = 0; i < 100 && preview.status !== 201; i++) {
      await sleep(200);
      preview = await admin.call('POST', `/api/admin/blocks/${blockId}/draw`);
    }
    expect(preview.status, JSON.stringify(preview.body)).toBe(201);
    const publishes = await Promise.all(
      Array.from({ length: 4 }, () =>
        admin.call('POST', `/api/admin/blocks/${blockId}/draw/publish`, { sendEmail: true }),
      ),
    );
    expect(publishes.map((p) => p.status).sort()).toEqual([200, 409, 409, 409]);
    const decision = /\.(registration-approved|waitlist-joined)@/;
    const count = (to: string) =>
      smtp.received.filter((m) => m.to === to && decision.test(m.messageId)).length;
    const deadline = Date.now() + 30_000;
    while (emails.some((to) => count(to) < 1) && Date.now() < deadline) await sleep(200);
    await sleep(1000); // a second copy would arrive now
    expect(emails.map(count)).toEqual(Array(emails.length).fill(1));
  });

  it('counts the sign-up limit across both processes (SIGNUP_RATE_LIMIT a minute per address)', async () => {
    // Every sign-up of this file came from the same address and counts in the window its
    // first one began (R-SIGNUP-RATE). Not across that window's end: then a new one begins.
    let elapsed = Date.now() - firstSignupAt;
    if (elapsed > 50_000 && elapsed < 62_000) {
      await sleep(62_000 - elapsed);
      elapsed = Date.now() - firstSignupAt;
    }
    const allowance = elapsed < 60_000 ? SIGNUP_LIMIT - signups : SIGNUP_LIMIT;
    expect(allowance).toBeGreaterThan(5);
    const burst = await Promise.all(
      Array.from({ length: SIGNUP_LIMIT * 2 }, (_, i) =>
        signUpKeyed(1000 + i, seed.activityIds[i % seed.activityIds.length]!),
      ),
    );
    const statuses = burst.map((a) => a.status);
    // Counted per process, each of the two would let its own allowance through.
    expect(statuses.filter((s) => s !== 429).length).toBe(allowance);
    expect(statuses.filter((s) => s === 429).length).toBe(SIGNUP_LIMIT * 2 - allowance);
  });
});
