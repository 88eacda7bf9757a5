// What the services answer (JSON bodies), as zod schemas, and their types: each type is the
// output of its schema (`z.output`), so the API's description (R-API-DOC), the frontends and the
// tests read one definition. Dates are ISO 8601 strings, as JSON carries them. The services' API
// tests check every JSON answer against the document built from these schemas.
import { z } from 'zod';
import { ALLOCATIONS } from './catalog.js';
import { LANGS } from './lang.js';
import { ROLES } from './auth.js';
import { CHILD_GROUPS, REGISTRATION_STATUSES } from './registration.js';
import { CHECK_STATES, SERVICE_NAMES, type CheckState, type ServiceName } from './health.js';

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
export type NamedRef = z.output<typeof namedRefSchema>;

/** A block as the sign-up views name it (svc-registrations keeps no year in them). */
export const blockRefSchema = z
  .object({ id, name: z.string(), weekStart: week, weekEnd: week })
  .meta({ id: 'BlockRef' });
export type BlockRef = z.output<typeof blockRefSchema>;

const year = z.number().int().meta({ description: 'The ISO week-year of the block’s weeks.' });

/**
 * R-RETENTION-YEAR: every answer of the catalog gives a block its `year` (the schemas say so),
 * yet a reader takes a block without one as a block of the current year: the sign-up views'
 * blocks have none (svc-registrations keeps no year) and the pages share their helpers with
 * those. So the types of the catalog's blocks leave `year` optional.
 */
type YearOptional<T extends { year: number }> = Omit<T, 'year'> & { year?: number };

/** R-DRAW-WINDOW, R-DRAW-COMMIT: a block's window and allocation as views show them. */
const blockWindow = {
  signupOpensAt: timestamp.nullable(),
  signupClosesAt: timestamp.nullable(),
  allocation: z.enum(ALLOCATIONS),
  /** SHA-256 hex of the draw's secret seed, from the moment a lottery block has a window. */
  seedHash: z.string().nullable().meta({ description: 'SHA-256 hex of the draw’s seed.' }),
  /** The seed itself, once the draw is published (so anyone can recompute it). */
  seed: z.string().nullable().meta({ description: 'The seed, once the draw is published.' }),
  /** R-DRAW-FREEZE: SHA-256 hex over the sorted entry keys frozen at close (docs/draw.md). */
  entriesDigest: z.string().nullable().optional().meta({
    description:
      'From the close of a lottery window: SHA-256 hex over the sorted entry keys frozen then.',
  }),
  drawPublishedAt: timestamp.nullable(),
};

export const successSchema = z.object({ success: z.literal(true) }).meta({ id: 'Success' });

/** GET /api/schools (admins only), POST and PUT /api/schools: with the school's link token. */
export const schoolResponse = z
  .object({
    id,
    name: z.string(),
    accessToken: z.string().meta({ description: 'The secret of the school’s page link.' }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'School' });
export type School = z.output<typeof schoolResponse>;

/** GET /api/schools/by-token/{token}: all a parent's page learns of its school. */
export const schoolSummaryResponse = namedRefSchema;
export type SchoolSummary = z.output<typeof schoolSummaryResponse>;

/** R-SCHOOL-QR: GET /api/admin/schools/{id}/qrcode. */
export const schoolQrResponse = z
  .object({
    schoolName: z.string(),
    qrCodeDataUrl: z.string().meta({ description: 'A PNG as a data: URL.' }),
    url: z.string(),
  })
  .meta({ id: 'SchoolQr' });
export type SchoolQr = z.output<typeof schoolQrResponse>;

/** POST and PUT /api/blocks; GET /api/blocks adds `weeks`, how many weeks the block runs. */
export const blockResponse = blockRefSchema
  .extend({
    year,
    ...blockWindow,
    createdAt: timestamp,
    updatedAt: timestamp,
    weeks: count.optional().meta({ description: 'How many weeks the block runs (lists).' }),
  })
  .meta({ id: 'Block' });
export type Block = YearOptional<z.output<typeof blockResponse>>;
export type BlockWindow = Pick<Block, keyof typeof blockWindow>;

/** GET, POST and PUT /api/providers. */
export const providerResponse = z
  .object({ id, name: z.string(), createdAt: timestamp, updatedAt: timestamp })
  .meta({ id: 'Provider' });
export type Provider = z.output<typeof providerResponse>;

/** An activity's own fields, as stored (R-DATA-ACTIVITY). */
const activityFields = {
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
};

/** An activity as read views show it (R-DATA-ACTIVITY). */
export const activityResponse = z
  .object({
    ...activityFields,
    school: namedRefSchema,
    block: blockRefSchema.extend({ year, ...blockWindow }).meta({ id: 'ActivityBlock' }),
    provider: namedRefSchema,
    approvedCount: count,
    /** Places held by an open waiting-list offer; they count against capacity (R-WAITLIST-CAPACITY). */
    offeredCount: count.meta({ description: 'Places held by an open waiting-list offer.' }),
    /** Sign-ups waiting in line (R-WAITLIST-JOIN). */
    waitlistCount: count,
    registrationsCount: count,
    availablePlaces: count.meta({ description: 'capacity − approved − offered, never below 0.' }),
    week: week.meta({ description: 'The block’s first week.' }),
    weeks: z.array(week).meta({ description: 'Every week the activity runs.' }),
  })
  .meta({ id: 'Activity' });
type ActivityAnswer = z.output<typeof activityResponse>;
export type ActivityView = Omit<ActivityAnswer, 'block'> & {
  block: YearOptional<ActivityAnswer['block']>;
};
export type ActivityFields = Pick<ActivityView, keyof typeof activityFields>;

/**
 * GET /api/admin/activities/{id}/provider-token (404 while there is none) and
 * POST …/revoke. The link's URL is never part of it.
 */
export const providerLinkStatusResponse = z
  .object({
    revoked: z.boolean(),
    expiresAt: timestamp.nullable(),
    createdAt: timestamp,
    /** Absent from the answer of generate: a new link has not been used. */
    lastUsedAt: timestamp.nullable().optional(),
    state: z.enum(['active', 'revoked', 'expired']),
  })
  .meta({ id: 'ProviderLinkStatus' });
export type ProviderLinkStatus = z.output<typeof providerLinkStatusResponse>;

/** POST …/provider-token/generate: the only answer that carries the link's URL. */
export const generatedProviderLinkResponse = providerLinkStatusResponse
  .extend({ url: z.string().meta({ description: 'The provider’s link; shown only here.' }) })
  .meta({ id: 'GeneratedProviderLink' });
export type GeneratedProviderLink = z.output<typeof generatedProviderLinkResponse>;

/** A user as the API shows it: never the password hash. */
export const publicUserResponse = z
  .object({
    id,
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    createdAt: timestamp,
    updatedAt: timestamp,
    lastLoginAt: timestamp.nullable(),
    /** R-TOTP: the account logs in with a one-time code as well. */
    totpEnabled: z.boolean().meta({ description: 'Logs in with a one-time code as well.' }),
  })
  .meta({ id: 'User' });
export type PublicUser = z.output<typeof publicUserResponse>;

export const userEnvelopeResponse = z
  .object({ user: publicUserResponse })
  .meta({ id: 'UserAnswer' });

/**
 * R-TOTP: a secret that is not yet in use, with its QR code; `ticket` carries it sealed (for
 * ten minutes) to the call that confirms it, so it is stored nowhere until then.
 */
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
export type TotpEnrolment = z.output<typeof totpEnrolmentResponse>;

/** A login answers either the user, or (two-step login required, not set up) an enrolment. */
export const loginResponse = z
  .union([userEnvelopeResponse, z.object({ totpEnrolment: totpEnrolmentResponse })])
  .meta({ id: 'LoginAnswer' });

/**
 * R-ORG-PAGES: what the public pages say about the organisation whose host they are on; a link
 * it has not given is null.
 */
export const appConfigResponse = z
  .object({
    organisation: z.object({
      name: z.string(),
      contactEmail: z.string(),
      website: z.url().nullable(),
      privacyUrl: z.url().nullable(),
      /** The languages its public pages offer, Dutch first (R-ORG-LANGUAGES). */
      languages: z.array(z.enum(LANGS)),
    }),
  })
  .meta({ id: 'AppConfig' });
export type AppConfig = z.output<typeof appConfigResponse>;

export const totpEnabledResponse = z
  .object({
    recoveryCodes: z.array(z.string()).meta({ description: 'Shown only here; each works once.' }),
    user: publicUserResponse.optional(),
  })
  .meta({ id: 'TotpEnabled' });

/** An administrator as a sign-up records who reviewed it. */
const adminRef = z.object({ id, name: z.string(), email: z.string() }).meta({ id: 'AdminRef' });
export type AdminRef = z.output<typeof adminRef>;

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
  /** R-WAITLIST-STATUSES: for `waitlisted` only, 1 is first in line; otherwise null. */
  waitlistPosition: z
    .number()
    .int()
    .positive()
    .nullable()
    .meta({ description: 'For waitlisted only: 1 is first in line.' }),
  /** R-WAITLIST-OFFER: for `offered` only, when the held place goes to the next in line. */
  offerExpiresAt: timestamp.nullable().meta({ description: 'For offered only.' }),
  withdrawnAt: timestamp.nullable(),
  /** R-ERASE: the personal data of this sign-up has been removed. */
  erasedAt: timestamp.nullable().meta({ description: 'Its personal data has been removed.' }),
};

/** What approve, reject and revert (POST /api/admin/registrations/{id}/…) answer. */
export const registrationRecordResponse = z
  .object({ ...registrationFields, schoolId: id, blockId: id })
  .meta({ id: 'Registration' });
export type RegistrationRecord = z.output<typeof registrationRecordResponse>;

/** R-DATA-REGISTRATION-ADMIN: the activity nested in the admin's view of a sign-up. */
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
export type RegistrationActivity = z.output<typeof registrationActivity>;

/** R-DATA-REGISTRATION-ADMIN: a row of GET /api/admin/registrations. */
export const adminRegistrationResponse = z
  .object({
    ...registrationFields,
    timestamp: timestamp.meta({ description: 'The same as createdAt.' }),
    activity: registrationActivity,
  })
  .meta({ id: 'AdminRegistration' });
export type AdminRegistration = z.output<typeof adminRegistrationResponse>;

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
export type Pagination = z.output<typeof paginationSchema>;

/** A list answered one page at a time, e.g. GET /api/admin/registrations. */
export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}

export const adminRegistrationPageResponse = z
  .object({ data: z.array(adminRegistrationResponse), pagination: paginationSchema })
  .meta({ id: 'AdminRegistrationPage' });

/** 201 answer of POST /api/registrations. */
export const registrationCreatedResponse = z
  .object({
    success: z.literal(true),
    registration: z.object({
      id,
      status: z.enum(['new', 'waitlisted']),
      /** Only for `waitlisted`: 1 is first in line. */
      waitlistPosition: z.number().int().positive().optional(),
    }),
  })
  .meta({ id: 'RegistrationCreated' });
export type RegistrationCreated = z.output<typeof registrationCreatedResponse>;

/** R-REVIEW-BULK: POST /api/admin/registrations/bulk, one result per id in the order given. */
export type BulkAction = 'approve' | 'reject' | 'revert';
export const bulkResponse = z
  .object({
    results: z.array(z.union([z.object({ id, status }), z.object({ id, code: z.string() })])),
  })
  .meta({ id: 'BulkResult' });
export type BulkResponse = z.output<typeof bulkResponse>;

/** R-ADMIN-SUMMARY: GET /api/admin/summary. */
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
    /** Activities at 80 % of capacity or more (approved plus offered), fullest first. */
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
    /** Sign-ups per day (YYYY-MM-DD, Amsterdam), from the first sign-up's day to the last's. */
    signupsPerDay: z.array(z.object({ day, count })),
  })
  .meta({ id: 'AdminSummary' });
export type AdminSummary = z.output<typeof adminSummaryResponse>;

/** GET /api/admin/activities/{id}/waitlist: the queue in order (R-WAITLIST-ADMIN). */
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
export type WaitlistResponse = z.output<typeof waitlistResponse>;

const drawResult = z.object({
  registrationId: id,
  outcome: z.enum(['approved', 'waitlisted']),
  waitlistPosition: z.number().int().positive().nullable(),
  /** The round that gave the place (approved only), so a reader can follow the draw. */
  round: z.number().int().positive().nullable(),
});
export type DrawResult = z.output<typeof drawResult>;

const drawStats = z.object({
  entries: count,
  children: count,
  /** Entries approved. */
  placed: count,
  waitlisted: count,
  /** Children whose most wanted entry was approved. */
  firstChoices: count,
  /** Children with at least one place. */
  childrenPlaced: count,
});
export type DrawStats = z.output<typeof drawStats>;

/** An activity of the block as the draw sees it: the places it may fill, and its time. */
const drawActivity = z.object({
  id,
  /** Places free for the draw (capacity less places already taken). */
  places: count,
  weekday,
  startTime: time,
  weekStart: week,
  weekEnd: week,
});
export type DrawActivity = z.output<typeof drawActivity>;

/** One sign-up taking part in the draw. */
const drawEntry = z.object({
  registrationId: id,
  activityId: id,
  /** The family key: the same for every child of one parent email. */
  family: z.string(),
  /** The child key: the same for every sign-up of one child (R-SIGNUP-CHILD). */
  child: z.string(),
  /** The child's order of preference: lower is wanted more (the order of signing up). */
  preference: count,
});
export type DrawEntry = z.output<typeof drawEntry>;

/** A draw's input without personal data: families and children as opaque keys. */
const drawExport = z.object({
  algorithm: z.string(),
  blockId: id,
  activities: z.array(drawActivity),
  entries: z.array(drawEntry),
});
export type DrawExport = z.output<typeof drawExport>;

/** R-DRAW-PREVIEW: the answer of POST /api/admin/blocks/{id}/draw and GET …/draw. */
export const drawResponse = z
  .object({
    drawId: z.string(),
    blockId: id,
    /** R-DRAW-SECRET: null until the draw is published; no answer carries it before. */
    seed: z
      .string()
      .nullable()
      .meta({ description: 'The seed: null until the draw is published (R-DRAW-SECRET).' }),
    seedHash: z.string(),
    algorithm: z.string(),
    createdAt: timestamp,
    published: z.boolean(),
    publishedAt: timestamp.nullable(),
    /** R-DRAW-FREEZE: SHA-256 hex over the sorted entry keys frozen at close (docs/draw.md). */
    entriesDigest: z.string().meta({
      description: 'SHA-256 hex over the sorted entry keys frozen at close (R-DRAW-FREEZE).',
    }),
    results: z.array(drawResult),
    stats: drawStats,
    /** What `npm run draw:verify` recomputes the results from: no personal data, only keys. */
    export: drawExport,
  })
  .meta({ id: 'Draw' });
export type DrawView = z.output<typeof drawResponse>;

/** GET /api/my-signup: what the parent's own link shows (R-MY-SIGNUP-VIEW). */
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
export type MySignup = z.output<typeof mySignupResponse>;

/**
 * A child on a provider's list: name and age only (R-PROVIDER-LIST), and `key`, opaque and
 * stable for as long as the link lasts, by which the link marks attendance (R-ATTENDANCE-KEY).
 */
const participant = z.object({
  childName: z.string(),
  age: count.nullable(),
  key: z.string().meta({ description: 'Opaque, stable for as long as the link lasts.' }),
});
export type Participant = z.output<typeof participant>;

/** R-DATA-PARTICIPANTS: GET /api/provider/{activityId}/participants. */
export const participantsResponse = z
  .object({
    activity: z.object({ title: z.string(), school: z.string(), provider: z.string() }),
    participantCount: count,
    participants: z.array(participant),
  })
  .meta({ id: 'Participants' });
export type ParticipantsResponse = z.output<typeof participantsResponse>;

const presence = z.boolean().nullable().meta({ description: 'null until marked.' });

/** One child at one session: `present` null until marked. */
const attendanceRecord = z.object({ key: z.string(), present: presence });
export type AttendanceRecord = z.output<typeof attendanceRecord>;

const attendanceSession = z.object({ date: day, records: z.array(attendanceRecord) });
export type AttendanceSession = z.output<typeof attendanceSession>;

/** GET /api/provider/{activityId}/attendance?token=… (R-ATTENDANCE-LIST). */
export const attendanceResponse = z
  .object({ sessions: z.array(attendanceSession) })
  .meta({ id: 'Attendance' });
export type AttendanceResponse = z.output<typeof attendanceResponse>;

/** What a PUT of a mark answers: the record as it now stands. */
export const attendanceMarkResponse = z
  .object({ date: day, key: z.string(), present: presence })
  .meta({ id: 'AttendanceMarked' });
export type AttendanceMarkResponse = z.output<typeof attendanceMarkResponse>;

/** GET /api/admin/activities/{id}/attendance (R-ATTENDANCE-ADMIN): read-only, every child. */
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
export type AdminAttendanceResponse = z.output<typeof adminAttendanceResponse>;

/** One activity's attendance rate: present marks over all marks, null while none is marked. */
const attendanceRate = z.object({
  activityId: id,
  /** Sessions with at least one mark. */
  sessionsMarked: count,
  rate: z.number().min(0).max(1).nullable(),
});
export type AttendanceRate = z.output<typeof attendanceRate>;

/** GET /api/admin/attendance/rates (R-ATTENDANCE-RATE). */
export const attendanceRatesResponse = z
  .object({ data: z.array(attendanceRate) })
  .meta({ id: 'AttendanceRates' });
export type AttendanceRatesResponse = z.output<typeof attendanceRatesResponse>;

/** `GET /api/health` through the gateway (R-RUN-HEALTH). */
export const productHealthResponse = z
  .object({
    ok: z.boolean(),
    service: z.string(),
    version: z.string(),
    services: z.object(
      Object.fromEntries(SERVICE_NAMES.map((s) => [s, z.enum(CHECK_STATES)])) as Record<
        ServiceName,
        z.ZodEnum<{ [S in CheckState]: S }>
      >,
    ),
  })
  .meta({ id: 'ProductHealth' });
export type ProductHealth = z.output<typeof productHealthResponse>;
