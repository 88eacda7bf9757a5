import {
  QueryTypes,
  currentOrganisation,
  currentRequestKey,
  preparedQuery,
  type PreparedStatement,
  type Sequelize,
  type Transaction,
} from '@nsa/service-kit';
import { identityKey } from '@nsa/contracts';
import type {
  ActivityCountsAnswer,
  ActivityEvent,
  AdminRef,
  RegistrationCreated,
  RegistrationInput,
  RegistrationRecord,
} from '@nsa/contracts';
import type { EventHead, KeyRow } from '@nsa/service-kit';

export type { AdminRef };

/** Dates a row carries as `Date` (the API answers them as ISO strings). */
type RowDates =
  | 'createdAt'
  | 'updatedAt'
  | 'approvedAt'
  | 'rejectedAt'
  | 'offerExpiresAt'
  | 'withdrawnAt'
  | 'erasedAt';

/** A sign-up as read from the database: the API's record (contracts), with its dates as Date. */
export type RegistrationRow = Omit<RegistrationRecord, RowDates> & {
  createdAt: Date;
  updatedAt: Date;
  approvedAt: Date | null;
  rejectedAt: Date | null;
  offerExpiresAt: Date | null;
  withdrawnAt: Date | null;
  erasedAt: Date | null;
};

/**
 * The sign-up's personal fields (what the parent's form gave, and the child's age), as every
 * answer that shows them names them: the admin's (`REGISTRATION_COLUMNS`) and the privacy
 * export's. A new field of the form is added here and in `ERASED_PERSONAL_FIELDS` alone.
 */
export const PERSONAL_COLUMNS = `r.child_first_name AS "childFirstName", r.child_last_name AS "childLastName",
  to_char(r.child_date_of_birth, 'YYYY-MM-DD') AS "childDateOfBirth", r.child_age AS "childAge",
  r.child_group AS "childGroup", r.parent_name AS "parentName", r.email, r.phone`;

/**
 * R-ERASE, R-RETENTION-PERIOD: the personal fields of a sign-up (`r`) gone, as every erasure
 * leaves them (a parent's, an admin's, retention's): names, date of birth, age, group, parent,
 * email, phone and the rejection reason; the child key becomes unique, so the erased sign-up
 * never counts as this child's again.
 */
export const ERASED_PERSONAL_FIELDS = `child_first_name = '', child_last_name = '',
  child_date_of_birth = NULL, child_age = NULL, child_group = NULL,
  child_key = 'erased:' || r.id, parent_name = '', email = '', phone = '',
  rejection_reason = NULL`;

export const REGISTRATION_COLUMNS = `r.id, r.activity_id AS "activityId", r.school_id AS "schoolId", r.block_id AS "blockId",
  ${PERSONAL_COLUMNS}, r.language, r.status,
  r.created_at AS "createdAt", r.updated_at AS "updatedAt", r.approved_at AS "approvedAt",
  r.rejected_at AS "rejectedAt", r.rejection_reason AS "rejectionReason", r.email_sent AS "emailSent",
  r.approved_by_admin_id AS "approvedByAdminId", r.rejected_by_admin_id AS "rejectedByAdminId",
  r.approved_by_admin AS "approvedByAdmin", r.rejected_by_admin AS "rejectedByAdmin",
  CASE WHEN r.status = 'waitlisted' THEN (SELECT count(*)::integer FROM registrations w
    WHERE w.activity_id = r.activity_id AND w.status = 'waitlisted' AND w.waitlist_seq <= r.waitlist_seq)
  END AS "waitlistPosition",
  r.offer_expires_at AS "offerExpiresAt", r.withdrawn_at AS "withdrawnAt", r.erased_at AS "erasedAt"`;

/**
 * R-SIGNUP-CHILD, R-NAMES-NORMAL: one child across sign-ups: each name's identity key
 * (`identityKey`: NFKC, invisible characters removed, spaces collapsed, case folded), plus the
 * birth date. The sign-up rules in sql/sign-up.sql (one child per activity, the overlap rule)
 * and the draw's children (migration 0011's `freeze_draw`) know a child by this key; migration
 * 0017 computed it again for the sign-ups made before.
 */
export function childKey(first: string, last: string, dateOfBirth: string): string {
  return `${identityKey(first)}|${identityKey(last)}|${dateOfBirth}`;
}

/** What a sign-up came to (sql/sign-up.sql, `sign_up_declared`): the outcome of its rules. */
export type SignUpOutcome = 'created' | 'full' | 'duplicate' | 'overlap';

/** The answer of a created sign-up, the 201's body, as the database built and recorded it. */
export type SignUpResult =
  | { outcome: 'created'; answer: RegistrationCreated }
  | { outcome: Exclude<SignUpOutcome, 'created'>; answer: null };

/**
 * One sign-up, declared once: what `sign_up_declared` (sql/sign-up.sql) takes as its one jsonb
 * argument. Every field of the sign-up form as the API parsed it (`registrationSchema`; one
 * left out is null), and what the service adds: the activity as its owner answered it, the
 * child's key and age, the page's language, the lottery window's `ignoreCapacity`, the
 * parent's link (its token's hash, and sealed for the email), the week-year of the email's
 * dates and the envelope of the event the database writes. The database reads each by its
 * name and refuses a declaration that lacks one (test/signup-declaration.test.ts holds the
 * names of both sides alike).
 */
export type SignUpDeclaration = {
  [K in keyof RegistrationInput]-?: RegistrationInput[K] | null;
} & {
  activity: ActivityEvent;
  childKey: string;
  childAge: number;
  language: string;
  ignoreCapacity: boolean;
  manageTokenHash: string;
  sealedLink: string;
  year: number;
  event: EventHead;
};

/** R-IDEMPOTENCY: the request's key as the database claims it and records the answer under. */
export interface SignUpKey {
  keyHash: string;
  requestHash: string;
  hours: number;
  status: number;
}

/**
 * The declaration as sent: with the request's key, or null without one, and the organisation
 * of the work (R-ORG-HOST), or null outside any. `organisationId` is newer than release 0.1.1:
 * the database reads it when present and does not require it.
 */
export type SignUpRecord = SignUpDeclaration & {
  key: SignUpKey | null;
  organisationId: number | null;
};

/**
 * The sign_up_declared call, prepared: the hot path of a burst of sign-ups parses and plans it
 * once per connection, and its value (a sign-up's personal data) travels bound.
 */
const SIGN_UP: PreparedStatement = {
  name: 'registrations_sign_up_declared',
  text: 'SELECT outcome, answer FROM sign_up_declared($1::jsonb)',
  // From the declaration's organisationId, first thing: one statement, no transaction around it.
  setsOrganisation: true,
};

export type StatusChange =
  | { status: 'rejected'; admin: AdminRef; reason: string | null }
  | { status: 'new' }
  | { status: 'approved'; admin: AdminRef | null }
  | { status: 'withdrawn' };

export class RegistrationRepository {
  constructor(private readonly db: Sequelize) {}

  /**
   * One sign-up in one statement (`sign_up_declared`): the rules that need this service's rows
   * (early full, duplicate, overlap), the sign-up, its event and its answer; for a keyed
   * request (R-IDEMPOTENCY, the key the entry point handed on) also the key's claim and the
   * answer's record, committed with it. A key another request has ends the call as the key's
   * claim would (`RequestKey.taken`), with the answer recorded under it.
   */
  async signUp(declaration: SignUpDeclaration): Promise<SignUpResult> {
    const key = currentRequestKey();
    const record: SignUpRecord = {
      ...declaration,
      key: key
        ? {
            keyHash: key.keyHash,
            requestHash: key.requestHash,
            hours: key.hours,
            status: key.status,
          }
        : null,
      organisationId: currentOrganisation() ?? null,
    };
    const [row] = await preparedQuery<
      SignUpResult | { outcome: 'key-taken'; answer: KeyRow | null }
    >(this.db, SIGN_UP, [JSON.stringify(record)]);
    if (row!.outcome === 'key-taken') return key!.taken(row!.answer ?? undefined);
    return row!;
  }

  /**
   * The places taken per activity: approved and offered sign-ups (R-WAITLIST-CAPACITY), for the
   * given activities (absent: none).
   */
  async takenCounts(tx: Transaction, activityIds: number[]): Promise<Map<number, number>> {
    if (activityIds.length === 0) return new Map();
    const rows = await this.db.query<{ activityId: number; n: string }>(
      `SELECT activity_id AS "activityId", count(*) AS n FROM registrations
       WHERE activity_id IN (:activityIds) AND status IN ('approved', 'offered')
       GROUP BY activity_id`,
      { replacements: { activityIds }, type: QueryTypes.SELECT, transaction: tx },
    );
    return new Map(rows.map((r) => [r.activityId, Number(r.n)]));
  }

  /**
   * The sign-ups of these activities by status (R-FRESH-LISTS), one entry per activity that has
   * any: every sign-up counts once in `registrations`, as catalog's projection counts them.
   */
  async statusCounts(activityIds: number[]): Promise<Map<number, ActivityCountsAnswer>> {
    if (activityIds.length === 0) return new Map();
    // Raw SQL: one index-only scan of registrations_activity_status for a whole list.
    const rows = await this.db.query<{
      activityId: number;
      approved: string;
      offered: string;
      waitlisted: string;
      registrations: string;
    }>(
      `SELECT activity_id AS "activityId",
         count(*) FILTER (WHERE status = 'approved') AS approved,
         count(*) FILTER (WHERE status = 'offered') AS offered,
         count(*) FILTER (WHERE status = 'waitlisted') AS waitlisted,
         count(*) AS registrations
       FROM registrations WHERE activity_id IN (:activityIds) GROUP BY activity_id`,
      { replacements: { activityIds }, type: QueryTypes.SELECT },
    );
    return new Map(
      rows.map((r) => [
        r.activityId,
        {
          approved: Number(r.approved),
          offered: Number(r.offered),
          waitlisted: Number(r.waitlisted),
          registrations: Number(r.registrations),
        },
      ]),
    );
  }

  async byId(id: number, tx?: Transaction, lock = false): Promise<RegistrationRow | undefined> {
    const [row] = await this.db.query<RegistrationRow>(
      `SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.id = :id ${lock ? 'FOR UPDATE' : ''}`,
      { replacements: { id }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row;
  }

  /** Several sign-ups, in id order (the order their locks are taken in). */
  async byIds(ids: number[], tx?: Transaction, lock = false): Promise<RegistrationRow[]> {
    if (ids.length === 0) return [];
    return this.db.query<RegistrationRow>(
      `SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.id IN (:ids) ORDER BY r.id
       ${lock ? 'FOR UPDATE' : ''}`,
      { replacements: { ids }, type: QueryTypes.SELECT, transaction: tx },
    );
  }

  /** Approves or rejects several sign-ups with one statement; answers the rows as they are now. */
  async setStatuses(
    tx: Transaction,
    changes: Array<{
      id: number;
      status: 'approved' | 'rejected';
      admin: AdminRef;
      reason: string | null;
    }>,
  ): Promise<Map<number, RegistrationRow>> {
    if (changes.length === 0) return new Map();
    const rows = await this.db.query<RegistrationRow>(
      `UPDATE registrations AS r SET status = v.status,
         approved_at = CASE WHEN v.status = 'approved' THEN now() ELSE r.approved_at END,
         approved_by_admin_id = CASE WHEN v.status = 'approved' THEN v.admin_id ELSE r.approved_by_admin_id END,
         approved_by_admin = CASE WHEN v.status = 'approved' THEN v.admin ELSE r.approved_by_admin END,
         rejected_at = CASE WHEN v.status = 'rejected' THEN now() ELSE r.rejected_at END,
         rejected_by_admin_id = CASE WHEN v.status = 'rejected' THEN v.admin_id ELSE r.rejected_by_admin_id END,
         rejected_by_admin = CASE WHEN v.status = 'rejected' THEN v.admin ELSE r.rejected_by_admin END,
         rejection_reason = CASE WHEN v.status = 'rejected' THEN v.reason ELSE r.rejection_reason END,
         waitlist_seq = NULL, offer_expires_at = NULL,
         email_sent = false, updated_at = now()
       FROM jsonb_to_recordset(CAST(:changes AS jsonb))
         AS v(id integer, status text, admin_id integer, admin jsonb, reason text)
       WHERE r.id = v.id
       RETURNING ${REGISTRATION_COLUMNS}`,
      {
        replacements: {
          changes: JSON.stringify(
            changes.map((c) => ({
              id: c.id,
              status: c.status,
              admin_id: c.admin.id,
              admin: c.admin,
              reason: c.reason,
            })),
          ),
        },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Changes one sign-up's status; answers the row as it is now (one round trip, not two). */
  async setStatus(tx: Transaction, id: number, change: StatusChange): Promise<RegistrationRow> {
    const sql = {
      rejected: `status = 'rejected', rejected_at = now(), rejected_by_admin_id = :adminId,
        rejected_by_admin = :admin, rejection_reason = :reason, waitlist_seq = NULL,
        offer_expires_at = NULL`,
      new: `status = 'new', approved_at = NULL, rejected_at = NULL, approved_by_admin_id = NULL,
        rejected_by_admin_id = NULL, approved_by_admin = NULL, rejected_by_admin = NULL,
        rejection_reason = NULL`,
      // An accepted offer: the parent approved it; no admin did (R-WAITLIST-ACCEPT).
      approved: `status = 'approved', approved_at = now(), approved_by_admin_id = :adminId,
        approved_by_admin = :admin, waitlist_seq = NULL, offer_expires_at = NULL`,
      withdrawn: `status = 'withdrawn', withdrawn_at = now(), waitlist_seq = NULL,
        offer_expires_at = NULL`,
    }[change.status];
    const admin = 'admin' in change ? change.admin : null;
    const [row] = await this.db.query<RegistrationRow>(
      `UPDATE registrations AS r SET ${sql}, email_sent = false, updated_at = now() WHERE r.id = :id
       RETURNING ${REGISTRATION_COLUMNS}`,
      {
        replacements: {
          id,
          adminId: admin?.id ?? null,
          admin: admin ? JSON.stringify(admin) : null,
          reason: 'reason' in change ? change.reason : null,
        },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
    return row!;
  }

  /**
   * R-WAITLIST-OFFER: the first `places` waitlisted sign-ups of an activity, in line order, become
   * offered until `expiresAt`. The caller holds the activity's lock.
   */
  async offerNext(
    tx: Transaction,
    activityId: number,
    places: number,
    expiresAt: Date,
  ): Promise<RegistrationRow[]> {
    if (places <= 0) return [];
    return this.db.query<RegistrationRow>(
      `WITH next AS (
         SELECT id FROM registrations
         WHERE activity_id = :activityId AND status = 'waitlisted'
         ORDER BY waitlist_seq LIMIT :places FOR UPDATE
       )
       UPDATE registrations AS r SET status = 'offered', offered_at = now(),
         offer_expires_at = :expiresAt, waitlist_seq = NULL, email_sent = false, updated_at = now()
       FROM next WHERE r.id = next.id
       RETURNING ${REGISTRATION_COLUMNS}`,
      {
        replacements: { activityId, places, expiresAt },
        type: QueryTypes.SELECT,
        transaction: tx,
      },
    );
  }

  /** Offers that lapsed at `now`, oldest first, with their activity (R-WAITLIST-EXPIRY). */
  async lapsedOffers(now: Date, limit: number): Promise<Array<{ id: number; activityId: number }>> {
    return this.db.query<{ id: number; activityId: number }>(
      `SELECT id, activity_id AS "activityId" FROM registrations
       WHERE status = 'offered' AND offer_expires_at <= :now
       ORDER BY offer_expires_at LIMIT :limit`,
      { replacements: { now, limit }, type: QueryTypes.SELECT },
    );
  }

  /**
   * The sign-up a parent's link belongs to (R-MY-SIGNUP-LINK), by the token's hash, with its
   * block's year (R-MY-SIGNUP-LINK-EXPIRY).
   */
  async linkByTokenHash(tokenHash: string): Promise<{ id: number; blockYear: number } | undefined> {
    const [row] = await this.db.query<{ id: number; blockYear: number }>(
      `SELECT t.registration_id AS id, a.block_year AS "blockYear"
       FROM manage_tokens t JOIN registrations r ON r.id = t.registration_id
       JOIN activities a ON a.id = r.activity_id
       WHERE t.token_hash = :tokenHash`,
      { replacements: { tokenHash }, type: QueryTypes.SELECT },
    );
    return row;
  }

  async addTokenHashes(
    tx: Transaction,
    tokens: Array<{ registrationId: number; tokenHash: string }>,
  ): Promise<void> {
    if (tokens.length === 0) return;
    await this.db.query(
      `INSERT INTO manage_tokens (token_hash, registration_id)
       SELECT t.token_hash, t.registration_id
       FROM jsonb_to_recordset(CAST(:tokens AS jsonb)) AS t(token_hash text, registration_id integer)`,
      {
        replacements: {
          tokens: JSON.stringify(
            tokens.map((t) => ({ token_hash: t.tokenHash, registration_id: t.registrationId })),
          ),
        },
        transaction: tx,
      },
    );
  }

  /**
   * R-ERASE: the sign-up's personal data gone (names, date of birth, age, group, parent, email,
   * phone, reason), its links with it; status, dates and the activity stay, so counts hold. A
   * sign-up still in play is withdrawn. The child key becomes unique, so the erased sign-up never
   * counts as this child's again.
   */
  async erase(tx: Transaction, id: number): Promise<RegistrationRow> {
    await this.db.query('DELETE FROM manage_tokens WHERE registration_id = :id', {
      replacements: { id },
      transaction: tx,
    });
    const [row] = await this.db.query<RegistrationRow>(
      `UPDATE registrations AS r SET ${ERASED_PERSONAL_FIELDS},
         status = CASE WHEN r.status = 'rejected' THEN 'rejected' ELSE 'withdrawn' END,
         withdrawn_at = CASE WHEN r.status IN ('rejected', 'withdrawn') THEN r.withdrawn_at
           ELSE now() END,
         waitlist_seq = NULL, offer_expires_at = NULL, erased_at = now(), updated_at = now()
       WHERE r.id = :id
       RETURNING ${REGISTRATION_COLUMNS}`,
      { replacements: { id }, type: QueryTypes.SELECT, transaction: tx },
    );
    return row!;
  }

  async countForActivity(activityId: number): Promise<number> {
    const [row] = await this.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM registrations WHERE activity_id = :activityId',
      { replacements: { activityId }, type: QueryTypes.SELECT },
    );
    return Number(row?.n ?? 0);
  }

  async markEmailSent(tx: Transaction, id: number): Promise<void> {
    await this.db.query('UPDATE registrations SET email_sent = true WHERE id = :id', {
      replacements: { id },
      transaction: tx,
    });
  }

  /** R-DRAW-PUBLISH: the draw's losers join the waiting list, in the draw's order. */
  async waitlistInOrder(tx: Transaction, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query(
      // Numbers drawn in the given order (a row at a time from the ordered list), then written.
      `WITH given AS (
         SELECT id, ord FROM unnest(CAST(:ids AS integer[])) WITH ORDINALITY AS t(id, ord)
         ORDER BY ord
       ), numbered AS (
         SELECT id, nextval('waitlist_order') AS seq FROM given
       )
       UPDATE registrations AS r SET status = 'waitlisted', waitlist_seq = numbered.seq,
         email_sent = false, updated_at = now()
       FROM numbered WHERE r.id = numbered.id`,
      { replacements: { ids: `{${ids.join(',')}}` }, transaction: tx },
    );
  }
}
