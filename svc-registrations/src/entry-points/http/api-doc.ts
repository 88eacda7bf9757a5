// R-API-DOC: every /api route of this service (routes.ts), described once. The service's basics
// test fails while a route it answers is missing here; after a change run `npm run openapi` to
// write the document the gateway serves.
import { z } from 'zod';
import {
  MANAGE_TOKEN_HEADER,
  adminAttendanceResponse,
  adminRegistrationPageResponse,
  adminSummaryResponse,
  attendanceMarkResponse,
  attendanceMarkSchema,
  attendanceRatesResponse,
  attendanceResponse,
  bulkResponse,
  drawResponse,
  mySignupResponse,
  participantsResponse,
  privacyEmailSchema,
  privacyEraseResponse,
  privacyExportResponse,
  privacyStatusResponse,
  registrationCreatedResponse,
  registrationRecordResponse,
  registrationSchema,
  retentionReportResponse,
  waitlistResponse,
} from '@nsa/contracts';
import { idPathParams, serviceApi, type ApiRoute } from '@nsa/service-kit/openapi';
import { approveBody, bulkBody, listQuery, rejectBody } from './routes.js';

const ok = (description: string, schema: z.ZodType) => ({ 200: { description, schema } });
const record = (description: string) => ok(description, registrationRecordResponse);

/** R-IDEMPOTENCY: the optional key of a write that may be sent again. */
const idempotencyKeyHeader = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/)
  .optional()
  .meta({
    description:
      'Optional; 1 to 255 visible ASCII characters, one per submit (a UUID). The same key ' +
      'with the same request within 24 hours answers the first answer again (same status ' +
      'and body) and changes nothing; with another request it is 409 IDEMPOTENCY_KEY_REUSED. ' +
      'Another shape is 400 VALIDATION_FAILED naming the header.',
  });
const keyHeaders = z.object({ 'Idempotency-Key': idempotencyKeyHeader });
const manageHeaders = z.object({
  [MANAGE_TOKEN_HEADER]: z
    .string()
    .meta({ description: 'The token of the parent’s own link (the part after #).' }),
});
const manageKeyedHeaders = manageHeaders.extend({ 'Idempotency-Key': idempotencyKeyHeader });
const providerParams = z.object({
  activityId: z.coerce.number().int().positive().meta({ description: 'The activity’s id.' }),
});
const providerQuery = z.object({
  token: z.string().meta({ description: 'The provider link’s secret.' }),
});

const signup: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/registrations',
    summary: 'Sign a child up',
    description:
      'A parent signs a child up for an activity from the school’s page (X-School-Token). ' +
      'Answers 201 with status new, or waitlisted with its position when the activity was ' +
      'full and `waitlist` was true. Errors carry `success: false` and `error` besides the ' +
      'usual body: 409 ACTIVITY_FULL (with `waitlist: true`), ACTIVITY_LOCKED, CHILD_OVERLAP, ' +
      'SIGNUP_NOT_OPEN, SIGNUP_CLOSED; 429 after SIGNUP_RATE_LIMIT a minute per address. A ' +
      'confirmation email carries the parent’s own link. With an Idempotency-Key a repeat ' +
      'of the same submit answers the first answer again (a sign-up or a refusal); the same ' +
      'key with another body is 409 IDEMPOTENCY_KEY_REUSED.',
    access: 'school-link',
    headers: keyHeaders,
    body: registrationSchema(),
    responses: { 201: { description: 'Signed up.', schema: registrationCreatedResponse } },
    errors: [404, 409, 429],
  },
];

const review: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/admin/registrations',
    summary: 'List sign-ups',
    description:
      'Sign-ups newest first, one page at a time, filtered by school, block, activity, status ' +
      'and q (part of the child’s or parent’s name or the email, any case).',
    access: 'admin',
    query: listQuery,
    responses: ok('A page of sign-ups.', adminRegistrationPageResponse),
  },
  {
    method: 'post',
    path: '/api/admin/registrations/bulk',
    summary: 'Approve, reject or revert many',
    description:
      'Applies one action to each id in the order given, exactly as its single call would; ' +
      'answers per id the new status or the error code.',
    access: 'admin',
    body: bulkBody,
    responses: ok('One result per id.', bulkResponse),
  },
  {
    method: 'post',
    path: '/api/admin/registrations/{id}/approve',
    summary: 'Approve a sign-up',
    description:
      'Approves a sign-up within the activity’s capacity (409 ACTIVITY_FULL otherwise) and, ' +
      'with sendEmail (default true), emails the parent with the calendar file.',
    access: 'admin',
    params: idPathParams,
    body: approveBody,
    optionalBody: true,
    responses: record('The sign-up.'),
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/api/admin/registrations/{id}/reject',
    summary: 'Reject a sign-up',
    description:
      'Rejects a sign-up with an optional reason and, with sendEmail, emails the parent; a ' +
      'freed place is offered to the waiting list.',
    access: 'admin',
    params: idPathParams,
    body: rejectBody,
    optionalBody: true,
    responses: record('The sign-up.'),
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/api/admin/registrations/{id}/revert',
    summary: 'Revert a decision',
    description: 'Puts an approved or rejected sign-up back to new.',
    access: 'admin',
    params: idPathParams,
    responses: record('The sign-up.'),
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/admin/summary',
    summary: 'Dashboard figures',
    description:
      'Sign-ups per status, activities at 80 % of capacity or more, and sign-ups per day.',
    access: 'admin',
    responses: ok('The figures.', adminSummaryResponse),
  },
  {
    method: 'get',
    path: '/api/admin/activities/{id}/waitlist',
    summary: 'An activity’s waiting list',
    description: 'The activity’s waitlisted and offered sign-ups in order.',
    access: 'admin',
    params: idPathParams,
    responses: ok('The queue.', waitlistResponse),
    errors: [404],
  },
];

const draws: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/admin/blocks/{id}/draw',
    summary: 'A block’s draw',
    description:
      'The latest draw of a lottery block (preview or published); 404 while none. The seed ' +
      'is null until the draw is published (R-DRAW-SECRET).',
    access: 'admin',
    params: idPathParams,
    responses: ok('The draw.', drawResponse),
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/admin/blocks/{id}/draw',
    summary: 'Preview the draw',
    description:
      'After the sign-up window closed: draws with the block’s committed seed on the entries ' +
      'frozen at close (entriesDigest) and answers the preview, without the seed: every ' +
      'preview of a block gives the same results; recomputable with npm run draw:verify ' +
      'once the seed is published.',
    access: 'admin',
    params: idPathParams,
    responses: { 201: { description: 'The preview.', schema: drawResponse } },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/api/admin/blocks/{id}/draw/publish',
    summary: 'Publish the draw',
    description:
      'Applies the preview at once (approved ones take their places, the rest go on the ' +
      'waiting list in draw order; an entry withdrawn or erased since close is skipped), ' +
      'reveals the seed and, with sendEmail, emails each parent; a second publish, or one ' +
      'without a preview, is 409.',
    access: 'admin',
    params: idPathParams,
    body: approveBody,
    optionalBody: true,
    responses: ok('The published draw.', drawResponse),
    errors: [404, 409],
  },
];

const mySignup = (
  method: 'get' | 'post',
  path: string,
  summary: string,
  description: string,
  responses: ApiRoute['responses'],
  errors: number[] = [],
): ApiRoute => ({
  method,
  path,
  summary,
  description:
    `${description} A wrong or erased link is 403.` +
    (method === 'post'
      ? ' With an Idempotency-Key, a repeat of the same action with the same link answers ' +
        'the first answer again and changes nothing; the same key for another action or ' +
        'link is 409 IDEMPOTENCY_KEY_REUSED.'
      : ''),
  access: 'manage-link',
  headers: method === 'post' ? manageKeyedHeaders : manageHeaders,
  responses,
  errors,
});

const my: ApiRoute[] = [
  mySignup(
    'get',
    '/api/my-signup',
    'The parent’s own sign-up',
    'Status, waiting-list position, offer expiry and the activity with its school, block, ' +
      'weekday and time.',
    ok('The sign-up.', mySignupResponse),
  ),
  mySignup(
    'get',
    '/api/my-signup/calendar.ics',
    'Calendar file',
    'An approved sign-up as one weekly event from the block’s first to last week; 409 ' +
      'before approval.',
    { 200: { description: 'The iCalendar file.', contentType: 'text/calendar' } },
    [409],
  ),
  mySignup(
    'post',
    '/api/my-signup/withdraw',
    'Withdraw',
    'Withdraws the sign-up; a freed place is offered to the waiting list.',
    ok('The sign-up.', mySignupResponse),
    [409],
  ),
  mySignup(
    'post',
    '/api/my-signup/accept',
    'Accept an offered place',
    'Accepts an offer in time, which approves the sign-up; 409 OFFER_EXPIRED after.',
    ok('The sign-up.', mySignupResponse),
    [409],
  ),
  mySignup(
    'post',
    '/api/my-signup/decline',
    'Decline an offered place',
    'Declines an offer; the place goes to the next in line.',
    ok('The sign-up.', mySignupResponse),
    [409],
  ),
  mySignup(
    'post',
    '/api/my-signup/erase',
    'Erase the sign-up’s personal data',
    'Removes the personal data of this sign-up in every service; the link answers 403 ' +
      'afterwards.',
    ok('Erased.', z.object({ erased: z.literal(true) }).meta({ id: 'Erased' })),
    [409],
  ),
];

const provider: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/provider/{activityId}/participants',
    summary: 'The provider’s list',
    description:
      'The approved children of the activity (name, age and an opaque key) for the holder ' +
      'of its provider link; 400 without a token, 403 for a wrong, revoked or expired one.',
    access: 'provider-link',
    params: providerParams,
    query: providerQuery,
    responses: ok('The participants.', participantsResponse),
  },
  {
    method: 'get',
    path: '/api/provider/{activityId}/attendance',
    summary: 'Attendance through the provider link',
    description:
      'One session per week of the block on the activity’s weekday, each child’s mark ' +
      '(null until marked).',
    access: 'provider-link',
    params: providerParams,
    query: providerQuery,
    responses: ok('The sessions.', attendanceResponse),
  },
  {
    method: 'put',
    path: '/api/provider/{activityId}/attendance/{date}',
    summary: 'Mark a child',
    description:
      'Marks one child present (true), absent (false) or unmarked (null) at a session; a ' +
      'date outside the sessions or an unknown key is 400; a repeated clientId is applied once.',
    access: 'provider-link',
    params: providerParams.extend({
      date: z.string().meta({ format: 'date', description: 'The session’s day, YYYY-MM-DD.' }),
    }),
    query: providerQuery,
    body: attendanceMarkSchema,
    responses: ok('The mark as it now stands.', attendanceMarkResponse),
  },
  {
    method: 'get',
    path: '/api/admin/activities/{id}/attendance',
    summary: 'An activity’s attendance (admin)',
    description: 'Read-only: every child and every session’s marks.',
    access: 'admin',
    params: idPathParams,
    responses: ok('The attendance.', adminAttendanceResponse),
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/admin/attendance/rates',
    summary: 'Attendance rates',
    description:
      'Per activity: sessions with a mark and present marks over all marks (null while none).',
    access: 'admin',
    responses: ok('The rates.', attendanceRatesResponse),
  },
];

// R-PRIVACY-*, R-RETENTION-RUN: the privacy lifecycle.
const privacy: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/admin/privacy/status',
    summary: 'Retention period and last report',
    description:
      'The retention period (months after a block’s end), the access-log and stream limits, ' +
      'when the daily job runs next, and the last stored report (counts only).',
    access: 'admin',
    responses: ok('The status.', privacyStatusResponse),
  },
  {
    method: 'get',
    path: '/api/admin/privacy/export',
    summary: 'Export everything held about an email',
    description:
      'Every record that holds the email, in every service (svc-registrations asks the ' +
      'others), as a JSON download; 503 when a service does not answer.',
    access: 'admin',
    query: privacyEmailSchema,
    responses: ok('The records by service.', privacyExportResponse),
  },
  {
    method: 'post',
    path: '/api/admin/privacy/erase',
    summary: 'Erase everything held about an email',
    description:
      'Erases every sign-up with the email as the parent’s own erasure does, and every other ' +
      'record of it in every service, the outbox and the event stream; answers the count and ' +
      'the stored report.',
    access: 'admin',
    body: privacyEmailSchema,
    responses: ok('Erased.', privacyEraseResponse),
  },
  {
    method: 'post',
    path: '/api/admin/privacy/retention/run',
    summary: 'Run the retention job now',
    description:
      'Anonymises the sign-ups of blocks that ended longer ago than the retention period, in ' +
      'every service, and answers the run’s report; 409 while a run is under way.',
    access: 'admin',
    responses: ok('The run’s report.', retentionReportResponse),
    errors: [409],
  },
];

export const registrationsApi = serviceApi(
  'registrations',
  'Sign-ups, review, waiting list, draws, the parent’s own link and attendance (svc-registrations).',
  [...signup, ...review, ...draws, ...my, ...provider, ...privacy],
);
