// The paths that differ with two of everything (R-RUN-REPLICAS), against the real product started
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
const SIGNUP_LIMIT = 50;
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

/** A sign-up to the seed's school, or to `school`; `waitlist`: a place in line when full. */
const signUpKeyed = (
  n: number,
  activityId: number,
  key?: string,
  opts: { waitlist?: boolean; school?: { accessToken: string } } = {},
) => {
  signups += 1;
  firstSignupAt ||= Date.now();
  return admin.call<{ registration: { id: number; status: string } }>(
    'POST',
    '/api/registrations',
    { ...signUpBody(n, activityId, 'rep'), ...(opts.waitlist ? { waitlist: true } : {}) },
    {
      'x-school-token': (opts.school ?? seed.school).accessToken,
      ...(key ? { 'idempotency-key': key } : {}),
    },
  );
};

/** Emails of this kind (`<eventId.kind@…>`) that reached `to`. */
const mails = (to: string, kind: string) => smtp.sentTo(to, kind).length;

/** Waits until `check` answers true, or until `timeoutMs` has passed. */
async function until(check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check()) && Date.now() < deadline) await sleep(200);
}

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
      // Lapsed offers are moved on within a fifth of a second, by whichever process sweeps.
      WAITLIST_SWEEP_MS: '200',
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
    const count = (to: string) => mails(to, 'signup-received');
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
    const count = (to: string) => mails(to, 'registration-approved') + mails(to, 'waitlist-joined');
    const deadline = Date.now() + 30_000;
    while (emails.some((to) => count(to) < 1) && Date.now() < deadline) await sleep(200);
    await sleep(1000); // a second copy would arrive now
    expect(emails.map(count)).toEqual(Array(emails.length).fill(1));
  });

  it('offers a freed place once and moves a lapsed offer on once, with both processes sweeping', async () => {
    const line = await seedSchool(admin, {
      name: 'Tweevoud wachtlijst',
      activities: 2,
      capacity: 1,
      blockId: seed.blockId,
      providerId: seed.providerId,
    });
    await waitForProjection(db, line.activityIds);
    // Each activity: its one place approved, then two children in line.
    const queues: Array<{ holder: number; first: number; second: number }> = [];
    const emailOf = new Map<number, string>();
    for (const [i, activityId] of line.activityIds.entries()) {
      const n = 400 + i * 10;
      const holder = await signUpKeyed(n, activityId, undefined, { school: line.school });
      expect(holder.status).toBe(201);
      expect((await admin.approve(holder.body.registration.id, false)).status).toBe(200);
      const inLine: number[] = [];
      for (const k of [n + 1, n + 2]) {
        const q = await signUpKeyed(k, activityId, undefined, {
          school: line.school,
          waitlist: true,
        });
        expect(q.status, JSON.stringify(q.body)).toBe(201);
        expect(q.body.registration.status).toBe('waitlisted');
        inLine.push(q.body.registration.id);
        emailOf.set(q.body.registration.id, signUpBody(k, activityId, 'rep').email);
      }
      queues.push({ holder: holder.body.registration.id, first: inLine[0]!, second: inLine[1]! });
    }
    const statuses = async (ids: number[]) => {
      const { rows } = await db.query<{ id: number; status: string }>(
        'SELECT id, status FROM registrations.registrations WHERE id = ANY($1::int[])',
        [ids],
      );
      return ids.map((id) => rows.find((r) => r.id === id)!.status);
    };
    // A place freed by the same revert sent to both processes at once: one revert, one offer.
    for (const q of queues) {
      const reverts = await Promise.all(
        Array.from({ length: 4 }, () =>
          admin.call('POST', `/api/admin/registrations/${q.holder}/revert`),
        ),
      );
      expect(reverts.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    }
    const firsts = queues.map((q) => q.first);
    const seconds = queues.map((q) => q.second);
    expect(await statuses(firsts)).toEqual(firsts.map(() => 'offered'));
    // An offer is held WAITLIST_OFFER_HOURS (48 by default, and a setting of seconds would
    // lapse the next offer before it could be counted): these offers are made lapsed a moment
    // ago instead, both at once, as svc-registrations' own tests do, so the next sweep of
    // either process finds them both.
    await db.query(
      `UPDATE registrations.registrations SET offer_expires_at = now() - interval '1 second'
       WHERE id = ANY($1::int[])`,
      [firsts],
    );
    await until(async () => (await statuses(seconds)).every((s) => s === 'offered'), 15_000);
    expect(await statuses(firsts)).toEqual(firsts.map(() => 'withdrawn'));
    expect(await statuses(seconds)).toEqual(seconds.map(() => 'offered'));
    // Each place is held by one offer; each parent offered the place once, and told once when
    // it lapsed.
    const { rows: taken } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM registrations.registrations
       WHERE activity_id = ANY($1::int[]) AND status IN ('approved', 'offered')
       GROUP BY activity_id`,
      [line.activityIds],
    );
    expect(taken.map((t) => t.n)).toEqual([1, 1]);
    const expected: Array<[number, string]> = [
      ...firsts.flatMap((id): Array<[number, string]> => [
        [id, 'offer-made'],
        [id, 'offer-expired'],
      ]),
      ...seconds.map((id): [number, string] => [id, 'offer-made']),
    ];
    const counts = () => expected.map(([id, kind]) => mails(emailOf.get(id)!, kind));
    await until(() => counts().every((n) => n >= 1));
    await sleep(1000); // a second copy would arrive now
    expect(counts()).toEqual(expected.map(() => 1));
    expect(seconds.map((id) => mails(emailOf.get(id)!, 'offer-expired'))).toEqual([0, 0]);
  });

  it('anonymises each due sign-up once when both processes run the retention job at once', async () => {
    const block = { name: 'Tweevoud bewaren', weekStart: 1, weekEnd: 10 };
    const { id: blockId } = await admin.must<{ id: number }>('POST', '/api/blocks', block);
    const kept = await seedSchool(admin, {
      name: 'Tweevoud bewaren',
      activities: 1,
      capacity: 5,
      blockId,
      providerId: seed.providerId,
    });
    const activityId = kept.activityIds[0]!;
    await waitForProjection(db, [activityId]);
    const ids: number[] = [];
    for (let n = 500; n < 503; n++) {
      const a = await signUpKeyed(n, activityId, undefined, { school: kept.school });
      expect(a.status).toBe(201);
      ids.push(a.body.registration.id);
    }
    // The block moved to an earlier year through the API: it ended more than RETENTION_MONTHS
    // ago, so its sign-ups (and no other of this stack) are due once registrations has it.
    await admin.must('PUT', `/api/blocks/${blockId}`, { ...block, year: 2020 });
    await until(async () => {
      const { rows } = await db.query<{ y: number }>(
        'SELECT block_year AS y FROM registrations.activities WHERE id = $1',
        [activityId],
      );
      return rows[0]?.y === 2020;
    });
    const run = () =>
      admin.call<{ counts: { registrations?: { signups?: number } } }>(
        'POST',
        '/api/admin/privacy/retention/run',
        {},
      );
    const anonymised = (runs: Array<Awaited<ReturnType<typeof run>>>) =>
      runs.reduce((n, r) => n + (r.body.counts.registrations?.signups ?? 0), 0);
    // Asked of both processes at once: a run takes the job's lock or answers 409 while another
    // runs; a run after it finds nothing left, and so does one on each process after them.
    const runs = await Promise.all(Array.from({ length: 4 }, run));
    expect(
      runs.every((r) => r.status === 200 || r.status === 409),
      JSON.stringify(runs),
    ).toBe(true);
    const done = runs.filter((r) => r.status === 200);
    expect(done.length).toBeGreaterThan(0);
    expect(anonymised(done)).toBe(3);
    const again = [await run(), await run()];
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect(anonymised(again)).toBe(0);
    const { rows: erased } = await db.query<{ id: number; email: string; erased: boolean }>(
      `SELECT id, email, erased_at IS NOT NULL AS erased FROM registrations.registrations
       WHERE id = ANY($1::int[]) ORDER BY id`,
      [ids],
    );
    expect(erased).toEqual(ids.map((id) => ({ id, email: '', erased: true })));
    // Each sign-up in one erasure event, and one audit entry by the system.
    const { rows: events } = await db.query<{ ids: number[] }>(
      `SELECT data->'registrationIds' AS ids FROM registrations.outbox
       WHERE type = 'registrations.registrations.erased' AND data->>'reason' = 'retention'`,
    );
    const inEvents = events.flatMap((e) => e.ids);
    expect(ids.map((id) => inEvents.filter((x) => x === id).length)).toEqual([1, 1, 1]);
    const audited = async () => {
      const page = await admin.must<{ data: Array<{ target: { id: string } }> }>(
        'GET',
        '/api/admin/audit?action=registration.erased&targetType=registration&limit=200',
      );
      return ids.map((id) => page.data.filter((e) => e.target.id === String(id)).length);
    };
    await until(async () => (await audited()).every((n) => n >= 1));
    await sleep(1000); // a second entry would be there now
    expect(await audited()).toEqual([1, 1, 1]);
  });

  it('lists a lottery block with its seedHash on the next request, from either process', async () => {
    const window = {
      signupOpensAt: new Date(Date.now() + 86_400_000).toISOString(),
      signupClosesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      allocation: 'lottery' as const,
    };
    const listed = async (id: number) =>
      (await admin.must<Array<{ id: number; seedHash: string | null }>>('GET', '/api/blocks')).find(
        (b) => b.id === id,
      )?.seedHash;
    for (let n = 1; n <= 3; n++) {
      const created = await admin.must<{ id: number; seedHash: string | null }>(
        'POST',
        '/api/blocks',
        { name: `Tweevoud zaad ${n}`, weekStart: 30, weekEnd: 40, ...window },
      );
      expect(created.seedHash).toMatch(/^[0-9a-f]{64}$/);
      for (let i = 0; i < ROUNDS; i++) {
        expect(await listed(created.id), `block ${n}, request ${i + 1}`).toBe(created.seedHash);
      }
    }
    // A first-come block given a lottery window: from that change on.
    const plain = { name: 'Tweevoud zaad later', weekStart: 30, weekEnd: 40 };
    const { id } = await admin.must<{ id: number }>('POST', '/api/blocks', plain);
    expect(await listed(id)).toBeNull();
    const changed = await admin.must<{ seedHash: string | null }>('PUT', `/api/blocks/${id}`, {
      ...plain,
      ...window,
    });
    expect(changed.seedHash).toMatch(/^[0-9a-f]{64}$/);
    for (let i = 0; i < ROUNDS; i++) {
      expect(await listed(id), `changed, request ${i + 1}`).toBe(changed.seedHash);
    }
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
