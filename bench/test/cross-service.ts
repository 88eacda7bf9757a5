// The paths where the four services depend on each other's messages and calls, walked through
// the gateway of a running product: what the version-skew test checks in every mix of
// releases (CONTRACT §6). Each step names the services it crosses.
import { expect } from 'vitest';
import type pg from 'pg';
import { Api, seedSchool, signUpBody, sleep, waitForProjection } from '../src/lib/api.js';
import type { SmtpCapture } from '../src/lib/smtp.js';

export interface Walked {
  schoolId: number;
  activityId: number;
  registrationId: number;
}

/** Waits for `count` emails of `kind` to `to`, then a second for a copy that should not come. */
async function emailsTo(smtp: SmtpCapture, to: string, kind: RegExp, what: string) {
  const count = () => smtp.received.filter((m) => m.to === to && kind.test(m.messageId)).length;
  const deadline = Date.now() + 30_000;
  while (count() < 1 && Date.now() < deadline) await sleep(100);
  await sleep(500);
  expect(count(), what).toBe(1);
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
  const seed = await seedSchool(admin, { name: `Versies ${tag}`, activities: 1, capacity: 3 });
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
  const headers = { 'x-school-token': token, 'idempotency-key': `versies-${tag}` };
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
  const registrationId = first.body.registration.id;
  expect(again.body.registration.id).toBe(registrationId);
  // registrations → notify: the confirmation email, once.
  await emailsTo(smtp, body.email, /signup-received@/, 'confirmation emails');

  // registrations approves; notify emails the decision; catalog lists the count at once.
  const approved = await admin.approve(registrationId, true);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  await emailsTo(smtp, body.email, /registration-approved@/, 'approval emails');
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

  // identity ends a session; catalog, registrations and identity refuse it from then on.
  const session = new Api(base);
  await session.login();
  const copy = new Api(base, session.sessionCookie);
  await session.must('POST', '/api/auth/logout', {}, [200]);
  for (const path of ['/api/schools', '/api/admin/registrations?limit=1', '/api/admin/users']) {
    expect((await copy.call('GET', path)).status, `${path} after logout`).toBe(401);
  }
  return { schoolId: seed.school.id, activityId, registrationId };
}

/** What an earlier mix stored is still there, as it was left: the sign-up, approved. */
export async function stillThere(base: string, earlier: Walked): Promise<void> {
  const admin = new Api(base);
  await admin.login();
  const page = await admin.must<{ data: Array<{ id: number; status: string }> }>(
    'GET',
    `/api/admin/registrations?activityId=${earlier.activityId}`,
  );
  expect(page.data.map((r) => [r.id, r.status])).toEqual([[earlier.registrationId, 'approved']]);
}
