// The paths where the four services depend on each other's messages and calls, walked through
// the gateway of a running product: what the version-skew test checks in every mix of
// releases (R-OPS-SKEW), and the image runs' tests against the product run from its images
// (R-RUN-IMAGES-UP; deploy/test/image-walk.ts loads this file's build). Each step names the
// services it crosses. Tests only: it asserts with vitest's expect.
import { expect } from 'vitest';
import type pg from 'pg';
import { simpleParser } from 'mailparser';
import { Api, seedSchool, signUpBody, sleep, waitForProjection, type SignUpBody } from './api.js';
import type { SmtpCapture } from './smtp.js';

/** The admin the walk logs in as: the stack's bootstrap admin (BOOTSTRAP_ADMIN_*). */
export { ADMIN } from './stack.js';

export interface Walked {
  schoolId: number;
  activityId: number;
  registrationId: number;
  /** The second child's sign-up: waiting, then offered the place. */
  waitingId: number;
}

/**
 * Waits for an email of `kind` to `to`, then half a second for a copy that should not come;
 * answers the one that came.
 */
async function emailTo(smtp: SmtpCapture, to: string, kind: string, what: string) {
  const sent = () => smtp.sentTo(to, kind);
  const deadline = Date.now() + 30_000;
  while (sent().length < 1 && Date.now() < deadline) await sleep(100);
  await sleep(500);
  expect(sent().length, what).toBe(1);
  return sent()[0]!;
}

/** The parent's own link's token, from an email the capture kept whole. */
async function manageToken(raw: string | undefined): Promise<string> {
  expect(raw, 'the capture keeps whole messages (keepMessages)').toBeDefined();
  const { text } = await simpleParser(raw!);
  const token = /\/my-signup(?:\?lng=[a-z]{2})?#([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1];
  expect(token, "the email carries the parent's own link").toBeDefined();
  return token!;
}

/**
 * One sign-up sent twice with the same Idempotency-Key: both answered 201 with the same
 * registration (R-IDEMPOTENCY); answers its id.
 */
export async function signUpTwice(
  parent: Api,
  body: SignUpBody,
  schoolToken: string,
  key: string,
): Promise<number> {
  const headers = { 'x-school-token': schoolToken, 'idempotency-key': key };
  const first = await parent.call<{ registration: { id: number } }>(
    'POST',
    '/api/registrations',
    body,
    headers,
  );
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  const again = await parent.call<{ registration: { id: number } }>(
    'POST',
    '/api/registrations',
    body,
    headers,
  );
  expect(again.status, 'the same sign-up sent again').toBe(201);
  expect(again.body.registration.id, 'the same sign-up sent again').toBe(
    first.body.registration.id,
  );
  return first.body.registration.id;
}

export async function walkAcrossServices(
  base: string,
  smtp: SmtpCapture,
  db: pg.Pool,
  tag: string,
): Promise<Walked> {
  // identity: the bootstrap admin logs in; catalog: the offer is built.
  const admin = new Api(base);
  await admin.login();
  const seed = await seedSchool(admin, { name: `Versies ${tag}`, activities: 1, capacity: 1 });
  const activityId = seed.activityIds[0]!;
  const token = seed.school.accessToken;
  // catalog → registrations: the activity reaches registrations' projection by event.
  await waitForProjection(db, [activityId]);

  // catalog asks registrations for the counts of the school's list.
  const parent = new Api(base);
  const list = await parent.call<Array<{ id: number }>>(
    'GET',
    `/api/activities?schoolId=${seed.school.id}`,
    undefined,
    { 'x-school-token': token },
  );
  expect(list.status, 'the school page lists its activities').toBe(200);
  expect(list.body.map((a) => a.id)).toEqual([activityId]);

  // registrations: a sign-up sent twice with one key is stored once.
  const body = signUpBody(1, activityId, tag);
  const registrationId = await signUpTwice(parent, body, token, `versies-${tag}`);
  // registrations → notify: the confirmation email, once, with the parent's own link.
  const received = await emailTo(smtp, body.email, 'signup-received', 'confirmation emails');

  // registrations approves; notify emails the decision; catalog lists the count at once.
  const approved = await admin.approve(registrationId, true);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  await emailTo(smtp, body.email, 'registration-approved', 'approval emails');
  const activities = await admin.must<Array<{ id: number; approvedCount: number }>>(
    'GET',
    `/api/admin/activities?schoolId=${seed.school.id}`,
  );
  expect(activities.find((a) => a.id === activityId)?.approvedCount).toBe(1);

  // catalog makes the provider link; registrations checks it with catalog.
  const link = await admin.must<{ url: string }>(
    'POST',
    `/api/admin/activities/${activityId}/provider-token/generate`,
  );
  const providerToken = new URL(link.url).searchParams.get('token')!;
  const participants = await parent.call<{ participants: unknown[] }>(
    'GET',
    `/api/provider/${activityId}/participants?token=${providerToken}`,
  );
  expect(participants.status, 'the provider link opens').toBe(200);
  expect(participants.body.participants).toHaveLength(1);

  // The activity is full: a second child is refused with the offer to wait, waits when the
  // parent asks, and the parent hears so by email.
  const second = signUpBody(2, activityId, tag);
  const full = await parent.call<{ code: string; waitlist: boolean }>(
    'POST',
    '/api/registrations',
    second,
    { 'x-school-token': token },
  );
  expect([full.status, full.body.code, full.body.waitlist]).toEqual([409, 'ACTIVITY_FULL', true]);
  const waiting = await parent.call<{ registration: { id: number; status: string } }>(
    'POST',
    '/api/registrations',
    { ...second, waitlist: true },
    { 'x-school-token': token, 'idempotency-key': `versies-${tag}-2` },
  );
  expect(waiting.status, JSON.stringify(waiting.body)).toBe(201);
  expect(waiting.body.registration.status).toBe('waitlisted');
  await emailTo(smtp, second.email, 'waitlist-joined', 'waiting-list emails');
  // The first parent withdraws through their own link; the place is offered to the second.
  const withdrawn = await parent.call<{ registration: { status: string } }>(
    'POST',
    '/api/my-signup/withdraw',
    undefined,
    { 'x-manage-token': await manageToken(received.raw) },
  );
  expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
  expect(withdrawn.body.registration.status).toBe('withdrawn');
  await emailTo(smtp, body.email, 'signup-withdrawn', 'withdrawal emails');
  await emailTo(smtp, second.email, 'offer-made', 'offer emails');

  // identity ends a session; catalog, registrations and identity refuse it from then on.
  const session = new Api(base);
  await session.login();
  const copy = new Api(base, session.sessionCookie);
  await session.must('POST', '/api/auth/logout', {}, [200]);
  for (const path of ['/api/schools', '/api/admin/registrations?limit=1', '/api/admin/users']) {
    expect((await copy.call('GET', path)).status, `${path} after logout`).toBe(401);
  }
  return {
    schoolId: seed.school.id,
    activityId,
    registrationId,
    waitingId: waiting.body.registration.id,
  };
}

/** What an earlier mix stored is still there, as it was left: one withdrawn, one offered. */
export async function stillThere(base: string, earlier: Walked): Promise<void> {
  const admin = new Api(base);
  await admin.login();
  const page = await admin.must<{ data: Array<{ id: number; status: string }> }>(
    'GET',
    `/api/admin/registrations?activityId=${earlier.activityId}`,
  );
  expect(page.data.map((r) => [r.id, r.status])).toEqual([
    [earlier.waitingId, 'offered'],
    [earlier.registrationId, 'withdrawn'],
  ]);
}
