// What the services answer, as zod schemas for the API's description (R-API-DOC): the same
// shapes as the interfaces in responses.ts, catalog.ts, auth.ts, registration.ts and
// attendance.ts. The services' API tests check every JSON answer against the document built
// from these, so a field added to an answer must be added here too.
import { z } from 'zod';
import { ALLOCATIONS } from './catalog.js';
import { LANGS } from './lang.js';
import { ROLES } from './auth.js';
import { CHILD_GROUPS, REGISTRATION_STATUSES } from './registration.js';
import { SERVICE_NAMES } from './health.js';

const id = z.number().int().positive();
const count = z.number().int().min(0);
const timestamp = z.string().meta({ format: 'date-time', description: 'ISO 8601.' });
const day = z.string().meta({ format: 'date', description: 'YYYY-MM-DD.' });
const time = z.string().meta({ description: 'HH:mm, 24 hours.', example: '15:30' });
const weekday = z.number().int().min(0).max(6).meta({ description: '0 is Sunday.' });
const week = z.number().int().min(1).max(53).meta({ description: 'ISO week number.' });
const status = z.enum(REGISTRATION_STATUSES);
const lang = z.enum(LANGS).meta({ description: 'The language the sign-up was made in.' });

export const namedRefSchema = z.object({ id, name: z.string() }).meta({ id: 'NamedRef' });

/** A block as the sign-up views name it (svc-registrations keeps no year in them). */
export const blockRefSchema = z
  .object({ id, name: z.string(), weekStart: week, weekEnd: week })
  .meta({ id: 'BlockRef' });

const year = z.number().int().meta({ description: 'The ISO week-year of the block’s weeks.' });

const blockWindow = {
  signupOpensAt: timestamp.nullable(),
  signupClosesAt: timestamp.nullable(),
  allocation: z.enum(ALLOCATIONS),
  seedHash: z.string().nullable().meta({ description: 'SHA-256 hex of the draw’s seed.' }),
  seed: z.string().nullable().meta({ description: 'The seed, once the draw is published.' }),
  entriesDigest: z.string().nullable().optional().meta({
    description:
      'From the close of a lottery window: SHA-256 hex over the sorted entry keys frozen then.',
  }),
  drawPublishedAt: timestamp.nullable(),
};

export const successSchema = z.object({ success: z.literal(true) }).meta({ id: 'Success' });

export const schoolResponse = z
  .object({
    id,
    name: z.string(),
    accessToken: z.string().meta({ description: 'The secret of the school’s page link.' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'School' });

export const schoolSummaryResponse = namedRefSchema;

export const schoolQrResponse = z
  .object({
    schoolName: z.string(),
    qrCodeDataUrl: z.string().meta({ description: 'A PNG as a data: URL.' }),
    url: z.string(),
  })
  .meta({ id: 'SchoolQr' });

export const blockResponse = blockRefSchema
  .extend({
    year,
    ...blockWindow,
    createdAt: timestamp,
    updatedAt: timestamp,
    weeks: count.optional().meta({ description: 'How many weeks the block runs (lists).' }),
  })
  .meta({ id: 'Block' });

export const providerResponse = z
  .object({ id, name: z.string(), createdAt: timestamp, updatedAt: timestamp })
  .meta({ id: 'Provider' });

export const activityResponse = z
  .object({
    id,
    title: z.string(),
    capacity: z.number().int().positive(),
    weekday,
    startTime: time,
    schoolId: id,
    blockId: id,
    providerId: id,
    isLocked: z.boolean(),
    isHidden: z.boolean(),
    school: namedRefSchema,
    block: blockRefSchema.extend({ year, ...blockWindow }).meta({ id: 'ActivityBlock' }),
    provider: namedRefSchema,
    approvedCount: count,
    offeredCount: count.meta({ description: 'Places held by an open waiting-list offer.' }),
    waitlistCount: count,
    registrationsCount: count,
    availablePlaces: count.meta({ description: 'capacity − approved − offered, never below 0.' }),
    week: week.meta({ description: 'The block’s first week.' }),
    weeks: z.array(week).meta({ description: 'Every week the activity runs.' }),
  })
  .meta({ id: 'Activity' });

export const providerLinkStatusResponse = z
  .object({
    revoked: z.boolean(),
    expiresAt: timestamp.nullable(),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable().optional(),
    state: z.enum(['active', 'revoked', 'expired']),
  })
  .meta({ id: 'ProviderLinkStatus' });

export const generatedProviderLinkResponse = providerLinkStatusResponse
  .extend({ url: z.string().meta({ description: 'The provider’s link; shown only here.' }) })
  .meta({ id: 'GeneratedProviderLink' });

export const publicUserResponse = z
  .object({
    id,
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    createdAt: timestamp,
    updatedAt: timestamp,
    lastLoginAt: timestamp.nullable(),
    totpEnabled: z.boolean().meta({ description: 'Logs in with a one-time code as well.' }),
  })
  .meta({ id: 'User' });

export const userEnvelopeResponse = z
  .object({ user: publicUserResponse })
  .meta({ id: 'UserAnswer' });

export const totpEnrolmentResponse = z
  .object({
    ticket: z
      .string()
      .meta({ description: 'The secret, sealed for ten minutes; sent back to enable.' }),
    secret: z.string().meta({ description: 'Base32, for typing into an app by hand.' }),
    uri: z.string().meta({ description: 'The otpauth:// URI the QR code holds.' }),
    qrCodeDataUrl: z.string(),
  })
  .meta({ id: 'TotpEnrolment' });

/** A login answers either the user, or (two-step login required, not set up) an enrolment. */
export const loginResponse = z
  .union([userEnvelopeResponse, z.object({ totpEnrolment: totpEnrolmentResponse })])
  .meta({ id: 'LoginAnswer' });

export const totpEnabledResponse = z
  .object({
    recoveryCodes: z.array(z.string()).meta({ description: 'Shown only here; each works once.' }),
    user: publicUserResponse.optional(),
  })
  .meta({ id: 'TotpEnabled' });

const adminRef = z.object({ id, name: z.string(), email: z.string() }).meta({ id: 'AdminRef' });

const registrationFields = {
  id,
  activityId: id,
  childFirstName: z.string(),
  childLastName: z.string(),
  childDateOfBirth: day.nullable(),
  childAge: count.nullable(),
  childGroup: z
    .string()
    .nullable()
    .meta({ description: `One of ${CHILD_GROUPS.join(', ')}; null once erased.` }),
  parentName: z.string(),
  email: z.string(),
  phone: z.string(),
  language: lang,
  status,
  createdAt: timestamp,
  updatedAt: timestamp,
  approvedAt: timestamp.nullable(),
  rejectedAt: timestamp.nullable(),
  rejectionReason: z.string().nullable(),
  emailSent: z.boolean(),
  approvedByAdminId: id.nullable(),
  rejectedByAdminId: id.nullable(),
  approvedByAdmin: adminRef.nullable(),
  rejectedByAdmin: adminRef.nullable(),
  waitlistPosition: z
    .number()
    .int()
    .positive()
    .nullable()
    .meta({ description: 'For waitlisted only: 1 is first in line.' }),
  offerExpiresAt: timestamp.nullable().meta({ description: 'For offered only.' }),
  withdrawnAt: timestamp.nullable(),
  erasedAt: timestamp.nullable().meta({ description: 'Its personal data has been removed.' }),
};

export const registrationRecordResponse = z
  .object({ ...registrationFields, schoolId: id, blockId: id })
  .meta({ id: 'Registration' });

const registrationActivity = z
  .object({
    id,
    title: z.string(),
    capacity: z.number().int().positive(),
    approvedCount: count,
    offeredCount: count,
    weekday,
    startTime: time,
    school: namedRefSchema,
    provider: namedRefSchema,
    block: blockRefSchema,
  })
  .meta({ id: 'RegistrationActivity' });

export const adminRegistrationResponse = z
  .object({
    ...registrationFields,
    timestamp: timestamp.meta({ description: 'The same as createdAt.' }),
    activity: registrationActivity,
  })
  .meta({ id: 'AdminRegistration' });

export const paginationSchema = z
  .object({
    page: z.number().int().positive(),
    limit: z.number().int().positive(),
    total: count,
    totalPages: count,
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  })
  .meta({ id: 'Pagination' });

export const adminRegistrationPageResponse = z
  .object({ data: z.array(adminRegistrationResponse), pagination: paginationSchema })
  .meta({ id: 'AdminRegistrationPage' });

export const registrationCreatedResponse = z
  .object({
    success: z.literal(true),
    registration: z.object({
      id,
      status: z.enum(['new', 'waitlisted']),
      waitlistPosition: z.number().int().positive().optional(),
    }),
  })
  .meta({ id: 'RegistrationCreated' });

export const bulkResponse = z
  .object({
    results: z.array(z.union([z.object({ id, status }), z.object({ id, code: z.string() })])),
  })
  .meta({ id: 'BulkResult' });

export const adminSummaryResponse = z
  .object({
    counts: z.object({
      new: count,
      approved: count,
      rejected: count,
      waitlisted: count,
      offered: count,
      withdrawn: count,
      total: count,
    }),
    activities: z.array(
      z.object({
        id,
        title: z.string(),
        schoolName: z.string(),
        capacity: z.number().int().positive(),
        taken: count,
        full: z.boolean(),
      }),
    ),
    signupsPerDay: z.array(z.object({ day, count })),
  })
  .meta({ id: 'AdminSummary' });

export const waitlistResponse = z
  .object({
    activity: z.object({
      id,
      title: z.string(),
      capacity: z.number().int().positive(),
      approvedCount: count,
      offeredCount: count,
    }),
    data: z.array(adminRegistrationResponse),
  })
  .meta({ id: 'Waitlist' });

export const drawResponse = z
  .object({
    drawId: z.string(),
    blockId: id,
    seed: z
      .string()
      .nullable()
      .meta({ description: 'The seed: null until the draw is published (R-DRAW-SECRET).' }),
    seedHash: z.string(),
    algorithm: z.string(),
    createdAt: timestamp,
    published: z.boolean(),
    publishedAt: timestamp.nullable(),
    entriesDigest: z.string().meta({
      description: 'SHA-256 hex over the sorted entry keys frozen at close (R-DRAW-FREEZE).',
    }),
    results: z.array(
      z.object({
        registrationId: id,
        outcome: z.enum(['approved', 'waitlisted']),
        waitlistPosition: z.number().int().positive().nullable(),
        round: z.number().int().positive().nullable(),
      }),
    ),
    stats: z.object({
      entries: count,
      children: count,
      placed: count,
      waitlisted: count,
      firstChoices: count,
      childrenPlaced: count,
    }),
    export: z.object({
      algorithm: z.string(),
      blockId: id,
      activities: z.array(
        z.object({
          id,
          places: count,
          weekday,
          startTime: time,
          weekStart: week,
          weekEnd: week,
        }),
      ),
      entries: z.array(
        z.object({
          registrationId: id,
          activityId: id,
          family: z.string(),
          child: z.string(),
          preference: count,
        }),
      ),
    }),
  })
  .meta({ id: 'Draw' });

export const mySignupResponse = z
  .object({
    registration: z.object({
      id,
      status,
      childFirstName: z.string(),
      childLastName: z.string(),
      createdAt: timestamp,
      waitlistPosition: z.number().int().positive().nullable(),
      offerExpiresAt: timestamp.nullable(),
      language: lang,
    }),
    activity: z.object({
      id,
      title: z.string(),
      weekday,
      startTime: time,
      school: namedRefSchema,
      block: blockRefSchema,
      provider: namedRefSchema,
    }),
  })
  .meta({ id: 'MySignup' });

export const participantsResponse = z
  .object({
    activity: z.object({ title: z.string(), school: z.string(), provider: z.string() }),
    participantCount: count,
    participants: z.array(
      z.object({
        childName: z.string(),
        age: count.nullable(),
        key: z.string().meta({ description: 'Opaque, stable for as long as the link lasts.' }),
      }),
    ),
  })
  .meta({ id: 'Participants' });

const presence = z.boolean().nullable().meta({ description: 'null until marked.' });

export const attendanceResponse = z
  .object({
    sessions: z.array(
      z.object({ date: day, records: z.array(z.object({ key: z.string(), present: presence })) }),
    ),
  })
  .meta({ id: 'Attendance' });

export const attendanceMarkResponse = z
  .object({ date: day, key: z.string(), present: presence })
  .meta({ id: 'AttendanceMarked' });

export const adminAttendanceResponse = z
  .object({
    activity: z.object({ id, title: z.string(), school: z.string(), provider: z.string() }),
    participants: z.array(z.object({ registrationId: id, childName: z.string() })),
    sessions: z.array(
      z.object({
        date: day,
        records: z.array(z.object({ registrationId: id, present: presence })),
      }),
    ),
  })
  .meta({ id: 'AdminAttendance' });

export const attendanceRatesResponse = z
  .object({
    data: z.array(
      z.object({
        activityId: id,
        sessionsMarked: count,
        rate: z.number().min(0).max(1).nullable(),
      }),
    ),
  })
  .meta({ id: 'AttendanceRates' });

export const productHealthResponse = z
  .object({
    ok: z.boolean(),
    service: z.string(),
    version: z.string(),
    services: z.object(
      Object.fromEntries(SERVICE_NAMES.map((s) => [s, z.enum(['ok', 'down'])])) as Record<
        (typeof SERVICE_NAMES)[number],
        z.ZodEnum<{ ok: 'ok'; down: 'down' }>
      >,
    ),
  })
  .meta({ id: 'ProductHealth' });
