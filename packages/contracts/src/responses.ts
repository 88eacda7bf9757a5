// What the services answer (JSON bodies), for the frontends and the tests that
// read them. Dates are ISO 8601 strings, as JSON carries them. Activities are
// `ActivityView` (catalog.ts), users `PublicUser` (auth.ts).
import type { Lang } from './lang.js';
import type { BlockRef, BlockWindow, NamedRef } from './catalog.js';
import type { RegistrationStatus } from './registration.js';

/** GET /api/schools (admins only), POST and PUT /api/schools: with the school's link token. */
export interface School extends NamedRef {
  accessToken: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/schools/by-token/{token}: all a parent's page learns of its school. */
export type SchoolSummary = NamedRef;

/** R-SCHOOL-QR: GET /api/admin/schools/{id}/qrcode. */
export interface SchoolQr {
  schoolName: string;
  qrCodeDataUrl: string;
  url: string;
}

/** POST and PUT /api/blocks; GET /api/blocks adds `weeks`, how many weeks the block runs. */
export interface Block extends BlockRef, BlockWindow {
  createdAt: string;
  updatedAt: string;
  weeks?: number;
}

/** GET, POST and PUT /api/providers. */
export interface Provider extends NamedRef {
  createdAt: string;
  updatedAt: string;
}

/**
 * GET /api/admin/activities/{id}/provider-token (404 while there is none) and
 * POST …/revoke. The link's URL is never part of it.
 */
export interface ProviderLinkStatus {
  revoked: boolean;
  expiresAt: string | null;
  createdAt: string;
  /** Absent from the answer of generate: a new link has not been used. */
  lastUsedAt?: string | null;
  state: 'active' | 'revoked' | 'expired';
}

/** POST …/provider-token/generate: the only answer that carries the link's URL. */
export interface GeneratedProviderLink extends ProviderLinkStatus {
  url: string;
}

/** An administrator as a sign-up records who reviewed it. */
export interface AdminRef {
  id: number;
  name: string;
  email: string;
}

/** What approve, reject and revert (POST /api/admin/registrations/{id}/…) answer. */
export interface RegistrationRecord {
  id: number;
  activityId: number;
  schoolId: number;
  blockId: number;
  childFirstName: string;
  childLastName: string;
  childDateOfBirth: string | null;
  childAge: number | null;
  childGroup: string | null;
  parentName: string;
  email: string;
  phone: string;
  language: Lang;
  status: RegistrationStatus;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
  rejectedAt: string | null;
  rejectionReason: string | null;
  emailSent: boolean;
  approvedByAdminId: number | null;
  rejectedByAdminId: number | null;
  approvedByAdmin: AdminRef | null;
  rejectedByAdmin: AdminRef | null;
  /** R-WAITLIST-STATUSES: for `waitlisted` only, 1 is first in line; otherwise null. */
  waitlistPosition: number | null;
  /** R-WAITLIST-OFFER: for `offered` only, when the held place goes to the next in line. */
  offerExpiresAt: string | null;
  withdrawnAt: string | null;
  /** R-ERASE: the personal data of this sign-up has been removed. */
  erasedAt: string | null;
}

/** R-DATA-REGISTRATION-ADMIN: the activity nested in the admin's view of a sign-up. */
export interface RegistrationActivity {
  id: number;
  title: string;
  capacity: number;
  approvedCount: number;
  offeredCount: number;
  weekday: number;
  startTime: string;
  school: NamedRef;
  provider: NamedRef;
  block: BlockRef;
}

/** R-DATA-REGISTRATION-ADMIN: a row of GET /api/admin/registrations. */
export interface AdminRegistration extends Omit<RegistrationRecord, 'schoolId' | 'blockId'> {
  /** The same as createdAt. */
  timestamp: string;
  activity: RegistrationActivity;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
}

/** A list answered one page at a time, e.g. GET /api/admin/registrations. */
export interface Paged<T> {
  data: T[];
  pagination: Pagination;
}

/**
 * A child on a provider's list: name and age only (R-PROVIDER-LIST), and `key`, opaque and
 * stable for as long as the link lasts, by which the link marks attendance (R-ATTENDANCE-KEY).
 */
export interface Participant {
  childName: string;
  age: number | null;
  key: string;
}

/** R-DATA-PARTICIPANTS: GET /api/provider/{activityId}/participants. */
export interface ParticipantsResponse {
  activity: { title: string; school: string; provider: string };
  participantCount: number;
  participants: Participant[];
}

/** GET /api/admin/activities/{id}/waitlist: the queue in order (R-WAITLIST-ADMIN). */
export interface WaitlistResponse {
  activity: {
    id: number;
    title: string;
    capacity: number;
    approvedCount: number;
    offeredCount: number;
  };
  data: AdminRegistration[];
}

/** R-DRAW-PREVIEW: the answer of POST /api/admin/blocks/{id}/draw and GET …/draw. */
export interface DrawView {
  drawId: string;
  blockId: number;
  /** R-DRAW-SECRET: null until the draw is published; no answer carries it before. */
  seed: string | null;
  seedHash: string;
  algorithm: string;
  createdAt: string;
  published: boolean;
  publishedAt: string | null;
  /** R-DRAW-FREEZE: SHA-256 hex over the sorted entry keys frozen at close (docs/draw.md). */
  entriesDigest: string;
  results: DrawResult[];
  stats: DrawStats;
  /** What `npm run draw:verify` recomputes the results from: no personal data, only keys. */
  export: DrawExport;
}

/** An activity of the block as the draw sees it: the places it may fill, and its time. */
export interface DrawActivity {
  id: number;
  /** Places free for the draw (capacity less places already taken). */
  places: number;
  weekday: number;
  startTime: string;
  weekStart: number;
  weekEnd: number;
}

/** One sign-up taking part in the draw. */
export interface DrawEntry {
  registrationId: number;
  activityId: number;
  /** The family key: the same for every child of one parent email. */
  family: string;
  /** The child key: the same for every sign-up of one child (R-SIGNUP-CHILD). */
  child: string;
  /** The child's order of preference: lower is wanted more (the order of signing up). */
  preference: number;
}

export interface DrawResult {
  registrationId: number;
  outcome: 'approved' | 'waitlisted';
  waitlistPosition: number | null;
  /** The round that gave the place (approved only), so a reader can follow the draw. */
  round: number | null;
}

export interface DrawStats {
  entries: number;
  children: number;
  /** Entries approved. */
  placed: number;
  waitlisted: number;
  /** Children whose most wanted entry was approved. */
  firstChoices: number;
  /** Children with at least one place. */
  childrenPlaced: number;
}

/** A draw's input without personal data: families and children as opaque keys. */
export interface DrawExport {
  algorithm: string;
  blockId: number;
  activities: DrawActivity[];
  entries: DrawEntry[];
}

/** R-REVIEW-BULK: POST /api/admin/registrations/bulk, one result per id in the order given. */
export type BulkAction = 'approve' | 'reject' | 'revert';
export interface BulkResponse {
  results: Array<{ id: number; status: RegistrationStatus } | { id: number; code: string }>;
}

/** R-ADMIN-SUMMARY: GET /api/admin/summary. */
export interface AdminSummary {
  counts: Record<RegistrationStatus, number> & { total: number };
  /** Activities at 80 % of capacity or more (approved plus offered), fullest first. */
  activities: Array<{
    id: number;
    title: string;
    schoolName: string;
    capacity: number;
    taken: number;
    full: boolean;
  }>;
  /** Sign-ups per day (YYYY-MM-DD, Amsterdam), from the first sign-up's day to the last's. */
  signupsPerDay: Array<{ day: string; count: number }>;
}
