// R-API-DOC: every /api route of this service (routes.ts, activity-routes.ts), described once.
// The service's basics test fails while a route it answers is missing here; after a change run
// `npm run openapi` to write the document the gateway serves.
import { z } from 'zod';
import {
  activityResponse,
  activitySchema,
  blockResponse,
  blockSchema,
  generatedProviderLinkResponse,
  providerLinkStatusResponse,
  providerResponse,
  providerSchema,
  schoolQrResponse,
  schoolResponse,
  schoolSchema,
  schoolSummaryResponse,
  successSchema,
} from '@nsa/contracts';
import { idPathParams, serviceApi, type ApiRoute } from '@nsa/service-kit/openapi';

const ok = (description: string, schema: z.ZodType) => ({ 200: { description, schema } });
/** R-FRESH-LISTS, in the descriptions of the views that show counts or draws. */
const MAY_LAG =
  ' Counts and draws are svc-registrations’ as they are at the request; when it does not ' +
  'answer (two tries of 0.5 s) they come from catalog’s copy, which may lag by moments, and the ' +
  'answer names those parts in `X-May-Lag` (`counts`, `draws`).';
const created = (description: string, schema: z.ZodType) => ({ 201: { description, schema } });
const deleted = { 200: { description: 'Deleted.', schema: successSchema } };
const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional();
const activityFilter = z.object({
  schoolId: optionalId.meta({ description: 'Only this school’s activities.' }),
  blockId: optionalId.meta({ description: 'Only this block’s activities.' }),
});

const schools: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/schools',
    summary: 'List schools',
    description: 'Every school with its page link’s secret (accessToken), for admins only.',
    access: 'admin',
    responses: ok('The schools.', z.array(schoolResponse)),
  },
  {
    method: 'get',
    path: '/api/schools/by-token/{token}',
    summary: 'Find a school by its page link',
    description:
      'What a parent’s school page learns of its school: id and name. 404 for a token of no ' +
      'school (or not 32 lowercase hex characters).',
    access: 'public',
    params: z.object({
      token: z.string().meta({ description: 'The school link’s secret, 32 lowercase hex.' }),
    }),
    responses: ok('The school.', schoolSummaryResponse),
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/schools',
    summary: 'Create a school',
    description: 'Creates a school with a new secret page link.',
    access: 'admin',
    body: schoolSchema,
    responses: created('The school.', schoolResponse),
    errors: [409],
  },
  {
    method: 'put',
    path: '/api/schools/{id}',
    summary: 'Rename a school',
    description: 'Changes a school’s name; its link stays.',
    access: 'admin',
    params: idPathParams,
    body: schoolSchema,
    responses: ok('The school.', schoolResponse),
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/schools/{id}',
    summary: 'Delete a school',
    description: 'Deletes a school; 409 while activities still belong to it.',
    access: 'admin',
    params: idPathParams,
    responses: deleted,
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/admin/schools/{id}/qrcode',
    summary: 'QR code of a school’s page',
    description: 'The school page’s URL and a QR code of it as a PNG data URL.',
    access: 'admin',
    params: idPathParams,
    responses: ok('The QR code.', schoolQrResponse),
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/admin/schools/{id}/rotate-token',
    summary: 'Give a school a new page link',
    description:
      'Replaces the school’s link secret; the old link is refused from this answer on. ' +
      'Answers the school with its new accessToken.',
    access: 'admin',
    params: idPathParams,
    responses: ok('The school with its new link.', schoolResponse),
    errors: [404],
  },
];

const blocks: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/blocks',
    summary: 'List blocks',
    description:
      'Every block (a run of ISO weeks in one year) with its sign-up window, allocation ' +
      '(fcfs or lottery), the draw’s seed hash and, once published, its seed; `weeks` is ' +
      'how many weeks it runs.' +
      MAY_LAG,
    access: 'public',
    responses: ok('The blocks.', z.array(blockResponse)),
  },
  {
    method: 'post',
    path: '/api/blocks',
    summary: 'Create a block',
    description:
      'Creates a block. A lottery block needs both ends of its sign-up window; from then on ' +
      'it shows the hash of its draw’s secret seed.',
    access: 'admin',
    body: blockSchema,
    responses: created('The block.', blockResponse),
    errors: [409],
  },
  {
    method: 'put',
    path: '/api/blocks/{id}',
    summary: 'Change a block',
    description:
      'Changes a block’s name, weeks, window or allocation. From the close of a lottery ' +
      'window until its draw is published the window and allocation cannot change (409 ' +
      'DRAW_FROZEN).',
    access: 'admin',
    params: idPathParams,
    body: blockSchema,
    responses: ok('The block.', blockResponse),
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/blocks/{id}',
    summary: 'Delete a block',
    description: 'Deletes a block; 409 while activities still belong to it.',
    access: 'admin',
    params: idPathParams,
    responses: deleted,
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/qr/block/{id}',
    summary: 'QR code of a block',
    description:
      'A PNG download (block-{id}-qr.png) of a QR code: with schoolId the school’s page with ' +
      'the block preselected, without it the landing page.',
    access: 'admin',
    params: idPathParams,
    query: z.object({ schoolId: optionalId.meta({ description: 'The school whose page.' }) }),
    responses: { 200: { description: 'The PNG.', contentType: 'image/png' } },
    errors: [404],
  },
];

const providers: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/providers',
    summary: 'List providers',
    description: 'Every provider (who runs activities).',
    access: 'public',
    responses: ok('The providers.', z.array(providerResponse)),
  },
  {
    method: 'post',
    path: '/api/providers',
    summary: 'Create a provider',
    description: 'Creates a provider.',
    access: 'admin',
    body: providerSchema,
    responses: created('The provider.', providerResponse),
    errors: [409],
  },
  {
    method: 'put',
    path: '/api/providers/{id}',
    summary: 'Rename a provider',
    description: 'Changes a provider’s name.',
    access: 'admin',
    params: idPathParams,
    body: providerSchema,
    responses: ok('The provider.', providerResponse),
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/providers/{id}',
    summary: 'Delete a provider',
    description: 'Deletes a provider; 409 while activities still belong to it.',
    access: 'admin',
    params: idPathParams,
    responses: deleted,
    errors: [404, 409],
  },
];

const activities: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/activities',
    summary: 'List a school’s activities',
    description:
      'The visible activities of a school (and block), with school, block and provider ' +
      'embedded and the places taken. Without an admin session the caller must send the ' +
      'school’s link secret in X-School-Token with schoolId (403 otherwise).' +
      MAY_LAG,
    access: 'school-link',
    query: activityFilter,
    responses: ok('The activities.', z.array(activityResponse)),
  },
  {
    method: 'post',
    path: '/api/activities',
    summary: 'Create an activity',
    description:
      'Creates an activity of a school, block and provider on a weekday and time; 409 ' +
      'DRAW_FROZEN in a lottery block between its close and its published draw.',
    access: 'admin',
    body: activitySchema,
    responses: created('The activity.', activityResponse),
    errors: [404, 409],
  },
  {
    method: 'put',
    path: '/api/activities/{id}',
    summary: 'Change an activity',
    description:
      'Changes an activity, e.g. locks or hides it or changes its capacity; a raised ' +
      'capacity offers freed places to the waiting list. In a lottery block between its ' +
      'close and its published draw, capacity, lock, hide and block cannot change (409 ' +
      'DRAW_FROZEN).',
    access: 'admin',
    params: idPathParams,
    body: activitySchema,
    responses: ok('The activity.', activityResponse),
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/activities/{id}',
    summary: 'Delete an activity',
    description:
      'Deletes an activity; 409 while it has sign-ups, and 409 DRAW_FROZEN in a lottery ' +
      'block between its close and its published draw.',
    access: 'admin',
    params: idPathParams,
    responses: deleted,
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/admin/activities',
    summary: 'List all activities (admin)',
    description:
      'Every activity including hidden ones, optionally of one school or block, with the ' +
      'places taken (approved, offered, waiting).' +
      MAY_LAG,
    access: 'admin',
    query: activityFilter.extend({
      includeCapacity: z
        .string()
        .optional()
        .meta({ description: 'Accepted for compatibility; the counts are always included.' }),
    }),
    responses: ok('The activities.', z.array(activityResponse)),
  },
  {
    method: 'get',
    path: '/api/admin/activities/{id}/provider-token',
    summary: 'State of an activity’s provider link',
    description:
      'Whether the activity’s provider link is active, revoked or expired, and when it was ' +
      'last used; 404 while it has none. The link itself is never shown again.',
    access: 'admin',
    params: idPathParams,
    responses: ok('The link’s state.', providerLinkStatusResponse),
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/admin/activities/{id}/provider-token/generate',
    summary: 'Make a new provider link',
    description:
      'Makes a new provider link for the activity (the previous one stops working) and ' +
      'answers its URL, the only time it is shown.',
    access: 'admin',
    params: idPathParams,
    responses: ok('The new link.', generatedProviderLinkResponse),
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/admin/activities/{id}/provider-token/revoke',
    summary: 'Revoke the provider link',
    description: 'Revokes the activity’s provider link; it is refused from this answer on.',
    access: 'admin',
    params: idPathParams,
    responses: ok('The link’s state.', providerLinkStatusResponse),
    errors: [404],
  },
];

export const catalogApi = serviceApi(
  'catalog',
  'Schools, blocks, providers and activities, and the provider links (svc-catalog).',
  [...schools, ...blocks, ...providers, ...activities],
);
