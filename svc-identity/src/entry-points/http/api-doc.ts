// R-API-DOC: every /api route of this service, described once. The service's basics test
// fails while a route it answers is missing here; after a change run `npm run openapi` to
// write the document the gateway serves.
import { z } from 'zod';
import {
  adminUserSchema,
  appConfigResponse,
  auditListQuerySchema,
  auditListResponseSchema,
  createdOrganisationResponse,
  loginResponse,
  loginSchema,
  newOrganisationSchema,
  organisationPatchSchema,
  organisationSettingsResponse,
  organisationSettingsSchema,
  platformAuditPage,
  platformAuditQuery,
  platformLoginSchema,
  platformOrganisation,
  platformOrganisationsResponse,
  platformSessionResponse,
  publicUserResponse,
  requestResetSchema,
  resetSchema,
  successSchema,
  totpDisableSchema,
  totpEnableSchema,
  totpEnabledResponse,
  totpEnrolmentResponse,
  userEnvelopeResponse,
} from '@nsa/contracts';
import { idPathParams, serviceApi, type ApiRoute } from '@nsa/service-kit/openapi';

const done = (description: string) => ({ 200: { description, schema: successSchema } });

const auth: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Log in',
    description:
      'Checks email and password and sets the session cookie (HttpOnly, SameSite=Lax). ' +
      '401 for a wrong email or password; 429 after LOGIN_RATE_LIMIT failures per address ' +
      'and email. An account with two-step login also sends `code` (or `recoveryCode`): ' +
      'without it the answer is 401 TOTP_REQUIRED, a wrong one counts as a failure. With ' +
      'ADMIN_2FA_REQUIRED=1 an account without two-step login gets `totpEnrolment` and no ' +
      'session; POST /api/auth/totp/enable completes the login.',
    access: 'public',
    body: loginSchema,
    responses: {
      200: { description: 'Logged in, or an enrolment to complete.', schema: loginResponse },
    },
    errors: [401, 429],
  },
  {
    method: 'post',
    path: '/api/auth/totp/setup',
    summary: 'Start setting up two-step login',
    description:
      'A new TOTP secret for the logged-in user with its QR code and a ticket that is valid ' +
      'for ten minutes; nothing changes until POST /api/auth/totp/enable confirms it.',
    access: 'session',
    responses: { 200: { description: 'The enrolment.', schema: totpEnrolmentResponse } },
  },
  {
    method: 'post',
    path: '/api/auth/totp/enable',
    summary: 'Turn two-step login on',
    description:
      'Confirms an enrolment with the current code of its secret and answers ten recovery ' +
      'codes, shown only here. With the ticket of a login (two-step login required) it also ' +
      'logs in and sets the session cookie. 400 for a wrong code or an expired ticket; 409 ' +
      'when it is on already.',
    access: 'public',
    body: totpEnableSchema,
    responses: { 200: { description: 'On.', schema: totpEnabledResponse } },
    errors: [400, 409],
  },
  {
    method: 'post',
    path: '/api/auth/totp/disable',
    summary: 'Turn two-step login off',
    description:
      'Turns the logged-in user’s two-step login off and deletes their recovery codes; asks ' +
      'for the password again (400 when wrong). 409 when ADMIN_2FA_REQUIRED=1 or it is off.',
    access: 'session',
    body: totpDisableSchema,
    responses: done('Off.'),
    errors: [400, 409],
  },
  {
    method: 'get',
    path: '/api/auth/me',
    summary: 'Who is logged in',
    description: 'The user of the session; 401 without one.',
    access: 'session',
    responses: { 200: { description: 'The user.', schema: userEnvelopeResponse } },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Log out',
    description: 'Ends the session for every copy of its cookie and clears the cookie.',
    access: 'public',
    responses: done('Logged out.'),
  },
  {
    method: 'post',
    path: '/api/auth/request-reset',
    summary: 'Ask for a password reset',
    description:
      'Emails a reset link if the address belongs to a user (at most 3 emails per address ' +
      'per hour); answers the same either way.',
    access: 'public',
    body: requestResetSchema,
    responses: done('Asked.'),
    errors: [429],
  },
  {
    method: 'post',
    path: '/api/auth/reset',
    summary: 'Set a new password',
    description:
      'Sets a new password with the token of a reset or welcome email and ends every other ' +
      'session of that user; 400 for an invalid or expired token.',
    access: 'public',
    body: resetSchema,
    responses: done('The password is set.'),
  },
];

const users: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/admin/users',
    summary: 'List users',
    description: 'Every admin and provider user, without passwords.',
    access: 'admin',
    responses: { 200: { description: 'The users.', schema: z.array(publicUserResponse) } },
  },
  {
    method: 'post',
    path: '/api/admin/users',
    summary: 'Create a user',
    description:
      'Creates a user and emails a welcome with a password-setup link; 409 for an email ' +
      'already in use.',
    access: 'admin',
    body: adminUserSchema,
    responses: { 201: { description: 'The user.', schema: publicUserResponse } },
    errors: [409],
  },
  {
    method: 'put',
    path: '/api/admin/users/{id}',
    summary: 'Change a user',
    description:
      'Changes name, email or role; a demoted admin’s sessions are refused from then on.',
    access: 'admin',
    params: idPathParams,
    body: adminUserSchema,
    responses: { 200: { description: 'The user.', schema: publicUserResponse } },
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/admin/users/{id}',
    summary: 'Delete a user',
    description: 'Deletes a user and ends their sessions; 409 for the last admin or oneself.',
    access: 'admin',
    params: idPathParams,
    responses: done('Deleted.'),
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/admin/users/{id}/totp',
    summary: 'Turn a user’s two-step login off',
    description:
      'For a user who lost both their phone and their recovery codes: they log in with the ' +
      'password alone again (or set it up anew when it is required). 409 when it is off, or ' +
      'for oneself when it is required.',
    access: 'admin',
    params: idPathParams,
    responses: done('Off.'),
    errors: [404, 409],
  },
];

const audit: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/admin/audit',
    summary: 'The audit log',
    description:
      'Every recorded change, login, draw, erasure and link rotation of every service, newest ' +
      'first, one page at a time, filtered by action, actor, target and time (from/to: ISO ' +
      'dates or date-times, a `to` date includes that whole day). No passwords, tokens or ' +
      'contact data; entries are never changed or deleted through the API.',
    access: 'admin',
    query: auditListQuerySchema,
    responses: {
      200: {
        description: 'A page of entries.',
        schema: auditListResponseSchema.meta({ id: 'AuditPage' }),
      },
    },
  },
];

const organisation: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/app-config',
    summary: "The organisation's public settings",
    description:
      'What the public pages say about the organisation whose host name the request came ' +
      'to: its name, contact address, website and privacy statement (a link it has not ' +
      "given is null). Organisation 1 answers with the deployment's ORG_* settings.",
    access: 'public',
    responses: { 200: { description: 'The settings.', schema: appConfigResponse } },
  },
  {
    method: 'get',
    path: '/api/settings/organisation',
    summary: "The organisation's settings page",
    description:
      "The request's organisation's name, contact address, website and privacy statement, " +
      'with its public address and host names; `editable` is false for organisation 1, ' +
      "whose settings are the deployment's ORG_* settings.",
    access: 'admin',
    responses: { 200: { description: 'The settings.', schema: organisationSettingsResponse } },
  },
  {
    method: 'put',
    path: '/api/settings/organisation',
    summary: "Change the organisation's settings",
    description:
      'Sets the name, contact address, website and privacy statement its public pages and ' +
      'emails show from the next request on; audited. 409 for organisation 1, whose ' +
      "settings are the deployment's.",
    access: 'admin',
    body: organisationSettingsSchema,
    responses: { 200: { description: 'The settings.', schema: organisationSettingsResponse } },
    errors: [400, 409],
  },
];

// R-PLATFORM-*: the platform administrators' calls, with their own session.
const platform: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/platform/login',
    summary: 'Platform log-in',
    description:
      'Starts a platform session (cookie nsa_platform, sent to /api/platform only). A platform ' +
      "session grants the platform's calls and never an organisation's data. 401 for a wrong " +
      'address or password, 429 after too many failures.',
    access: 'public',
    body: platformLoginSchema,
    responses: { 200: { description: 'The administrator.', schema: platformSessionResponse } },
    errors: [401, 429],
  },
  {
    method: 'post',
    path: '/api/platform/logout',
    summary: 'Platform log-out',
    description: 'Ends the platform session and clears its cookie.',
    access: 'public',
    responses: { 204: { description: 'Logged out.' } },
  },
  {
    method: 'get',
    path: '/api/platform/session',
    summary: 'The platform session',
    description: 'The administrator of the platform session.',
    access: 'platform',
    responses: { 200: { description: 'The administrator.', schema: platformSessionResponse } },
  },
  {
    method: 'get',
    path: '/api/platform/organisations',
    summary: 'Organisations',
    description:
      'Every organisation on this deployment with its hosts, status and counts of schools, ' +
      'activities, sign-ups and administrators; no personal data.',
    access: 'platform',
    responses: {
      200: { description: 'The organisations.', schema: platformOrganisationsResponse },
    },
  },
  {
    method: 'post',
    path: '/api/platform/organisations',
    summary: 'Add an organisation',
    description:
      'Makes an organisation with its hosts and first administrator, who is emailed a link to ' +
      "set a password on the organisation's public address. 409 when the slug or a host is " +
      "another organisation's.",
    access: 'platform',
    body: newOrganisationSchema,
    responses: {
      201: { description: 'Its id and slug.', schema: createdOrganisationResponse },
    },
    errors: [409],
  },
  {
    method: 'patch',
    path: '/api/platform/organisations/{id}',
    summary: 'Change an organisation',
    description:
      "Changes its name, hosts (the list replaces its own; it keeps its public address's " +
      'host) or status (active or suspended). A suspended organisation answers 403 ' +
      'ORGANISATION_SUSPENDED on its hosts. Holds for every service from the answer on. 409 ' +
      "for organisation 1 (the deployment's own) and for a host another holds.",
    access: 'platform',
    params: idPathParams,
    body: organisationPatchSchema,
    responses: { 200: { description: 'The organisation.', schema: platformOrganisation } },
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/platform/organisations/{id}',
    summary: 'Delete an organisation',
    description:
      'Erases a suspended organisation and everything of it in every service. 409 unless it ' +
      'is suspended, and for organisation 1; 503 when a service did not answer (it then stays ' +
      '"deleting", and asking again goes on).',
    access: 'platform',
    params: idPathParams,
    responses: { 204: { description: 'Erased.' } },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/platform/audit',
    summary: "The platform's log",
    description:
      'What was done to the organisations (made, changed, suspended, resumed, deletion begun ' +
      'and done), by whom and when, newest first, 50 at a time; `before` gives the entries ' +
      "older than that one (the answer's `next`). No personal data of the organisations.",
    access: 'platform',
    query: platformAuditQuery,
    responses: { 200: { description: 'A page of entries.', schema: platformAuditPage } },
  },
];

export const identityApi = serviceApi(
  'identity',
  "Log-in, sessions, password resets, the admin users, the audit log and the organisation's " +
    'public settings (svc-identity).',
  [...auth, ...users, ...audit, ...organisation, ...platform],
);
