import {
  AUDIT_ACTIONS,
  EVENT_TYPES,
  type AuditEntry,
  type MySignup,
  type WithdrawReason,
} from '@nsa/contracts';
import { activityCalendar, isoWeekYear } from '@nsa/calendar';
import {
  AppError,
  currentActor,
  currentRequestKey,
  recordAudit,
  withActor,
  type ErasureRecorder,
  type NewEvent,
  type Outbox,
  type RequestKey,
  type Transaction,
  type Transactor,
} from '@nsa/service-kit';
import type { ActivityRepository, ProjectedActivity } from '../data-access/activities.js';
import type { PrivacyRepository } from '../data-access/privacy.js';
import type { RegistrationRepository, RegistrationRow } from '../data-access/registrations.js';
import { sha256 } from './links.js';
import { MSG } from './messages.js';
import type { RegistrationsStream } from './registrations-stream.js';
import { freesPlace } from './review.js';
import { statusEvent } from './status-events.js';
import type { Waitlist } from './waitlist.js';

export interface MySignupsDeps {
  db: Transactor;
  outbox: Outbox;
  registrations: RegistrationRepository;
  activities: ActivityRepository;
  /** The outbox scrub of an erasure (R-PRIVACY-ERASE). */
  privacyRecords: PrivacyRepository;
  /** The stream purge of an erasure (R-PRIVACY-ERASE-PARENT). */
  stream: RegistrationsStream;
  waitlist: Waitlist;
  /** R-ERASURE-LEDGER: where every erasure is appended before it is done. */
  ledger: ErasureRecorder;
}

/** What an erasure of sign-ups removed here (R-PRIVACY-ERASE). */
export interface ErasureCounts {
  signups: number;
  outboxRows: number;
  streamMessages: number;
}

/**
 * How long a parent's own erasure waits for the stream's consumers to have handled the sign-up's
 * messages before deleting them; what is still pending then goes with the daily job's purge of
 * recently erased sign-ups (R-RETENTION-STREAMS) or the stream's age limit.
 */
export const PARENT_PURGE_WAIT_MS = 2_000;

/** A token that cannot be one of ours is refused without a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * R-MY-SIGNUP-LINK-EXPIRY: a parent's link works until the end of January after its block's
 * year (a block's weeks all lie in one ISO week-year), in Amsterdam's days; from 1 February it
 * is refused. Every block of a year has ended by then and the month after a December block is
 * left for its follow-up, so a link in an old mailbox stops showing a child's data long before
 * retention erases it (RETENTION_MONTHS after the block).
 */
export function linkExpired(blockYear: number, now: Date): boolean {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(now);
  return today >= `${blockYear + 1}-02-01`;
}

/** R-MY-SIGNUP-VIEW: what the parent's own link shows. */
export function mySignupView(reg: RegistrationRow, a: ProjectedActivity): MySignup {
  return {
    registration: {
      id: reg.id,
      status: reg.status,
      childFirstName: reg.childFirstName,
      childLastName: reg.childLastName,
      createdAt: new Date(reg.createdAt).toISOString(),
      waitlistPosition: reg.waitlistPosition,
      offerExpiresAt: reg.offerExpiresAt ? new Date(reg.offerExpiresAt).toISOString() : null,
      language: reg.language,
    },
    activity: {
      id: a.id,
      title: a.title,
      weekday: a.weekday,
      startTime: a.startTime,
      school: { id: a.schoolId, name: a.schoolName },
      block: { id: a.blockId, name: a.blockName, weekStart: a.weekStart, weekEnd: a.weekEnd },
      provider: { id: a.providerId, name: a.providerName },
    },
  };
}

/**
 * A sign-up whose link was accepted (`MySignups.admit`): the only way to name one to an action,
 * so no action runs, and no key is claimed, before its link is judged (R-IDEMPOTENCY-ADMIT).
 */
export type AdmittedSignup = { readonly id: number; readonly __admitted: true };

/** A parent erasing their own sign-up, in the audit log: named by nothing (R-AUDIT-NO-SECRETS). */
const PARENT: AuditEntry['actor'] = { type: 'parent', id: null, name: null };

/**
 * The parent's own link (R-MY-SIGNUP-*): every call names its sign-up by the link's token, and
 * an unknown or erased token is refused the same way, without a hint whether it ever existed.
 * Withdrawing, accepting and declining run under the activity's lock like every change of the
 * places taken (R-WAITLIST-CAPACITY), so two accepts of one offer have exactly one winner.
 */
export class MySignups {
  constructor(private readonly deps: MySignupsDeps) {}

  /**
   * R-MY-SIGNUP-LINK, R-MY-SIGNUP-LINK-EXPIRY, R-IDEMPOTENCY-ADMIT: the link judged before
   * anything else; a wrong, malformed, erased or expired one is 403 and the request stores
   * nothing, not even its `Idempotency-Key`.
   */
  async admit(token: string | undefined): Promise<AdmittedSignup> {
    return { id: await this.idOf(token), __admitted: true } as AdmittedSignup;
  }

  private async idOf(token: string | undefined): Promise<number> {
    const link =
      token && TOKEN_SHAPE.test(token)
        ? await this.deps.registrations.linkByTokenHash(sha256(token))
        : undefined;
    if (link === undefined) throw AppError.forbidden(MSG.manageTokenInvalid);
    if (linkExpired(link.blockYear, this.deps.waitlist.now()))
      throw AppError.forbidden(MSG.manageLinkExpired);
    return link.id;
  }

  async view(token: string | undefined): Promise<MySignup> {
    return this.viewOf(await this.admit(token));
  }

  /** R-MY-SIGNUP-VIEW of a sign-up whose link was accepted. */
  async viewOf(signup: AdmittedSignup): Promise<MySignup> {
    const reg = (await this.deps.registrations.byId(signup.id))!;
    const activity = (await this.deps.activities.byId(reg.activityId))!;
    return mySignupView(reg, activity);
  }

  /** R-MY-SIGNUP-CALENDAR: an approved sign-up's weekly event, as an iCalendar file. */
  async calendar(token: string | undefined): Promise<string> {
    const reg = (await this.deps.registrations.byId(await this.idOf(token)))!;
    if (reg.status !== 'approved') throw AppError.conflict(MSG.calendarNotApproved);
    const a = (await this.deps.activities.byId(reg.activityId))!;
    return activityCalendar({
      uid: `registration-${reg.id}@naschool`,
      title: a.title,
      schoolName: a.schoolName,
      providerName: a.providerName,
      weekday: a.weekday,
      startTime: a.startTime,
      weekStart: a.weekStart,
      weekEnd: a.weekEnd,
      year: isoWeekYear(this.deps.waitlist.now()),
      language: reg.language,
    });
  }

  /** R-WAITLIST-WITHDRAW: the parent withdraws a sign-up still in play; its place moves on. */
  withdraw(signup: AdmittedSignup): Promise<MySignup> {
    return this.change(signup, (reg) => {
      if (!['new', 'waitlisted', 'offered', 'approved'].includes(reg.status))
        throw AppError.conflict(MSG.transition);
      return 'parent';
    });
  }

  /** R-WAITLIST-DECLINE: an offer declined goes to the next in line. */
  decline(signup: AdmittedSignup): Promise<MySignup> {
    return this.change(signup, (reg) => {
      if (reg.status !== 'offered') throw AppError.conflict(MSG.notOffered);
      return 'declined';
    });
  }

  /** R-WAITLIST-ACCEPT: an offer accepted before it lapses is approved; after, 409. */
  accept(signup: AdmittedSignup): Promise<MySignup> {
    return this.change(signup, (reg, now) => {
      if (reg.status !== 'offered') throw AppError.conflict(MSG.notOffered);
      if (reg.offerExpiresAt && new Date(reg.offerExpiresAt) <= now)
        throw AppError.conflict(MSG.offerExpired, 'OFFER_EXPIRED');
      return 'accept';
    });
  }

  /**
   * R-ERASE: the sign-up's personal data removed here, and (by the erased event) in every
   * service that holds any; its links stop working. A place it held moves on. The same erasure
   * as an admin's of the sign-up (R-PRIVACY-ERASE-PARENT): its outbox rows scrubbed and its
   * stream messages purged. Only this sign-up: another one of the same parent keeps its data.
   * Audited as the parent's, whoever else may be logged in on the device.
   */
  async erase(signup: AdmittedSignup): Promise<{ erased: true }> {
    // R-IDEMPOTENCY: a keyed request's key, claimed and recorded in the erasure's transaction.
    const key = currentRequestKey();
    // R-ERASURE-LEDGER: in the ledger before the erasure, so an erasure that answered is there.
    await this.deps.ledger.append({ kind: 'parent', registrationIds: [signup.id] });
    await withActor(PARENT, () => this.eraseSignups([signup.id], { key }));
    return { erased: true };
  }

  /**
   * R-ERASE, R-PRIVACY-ERASE, R-PRIVACY-ERASE-PARENT: the one erasure of sign-ups, for a
   * parent's own and an admin's on request: each sign-up erased with its outbox rows scrubbed
   * in its own transaction, then (for an admin's, by `emails`) any other outbox row holding one
   * of the addresses whole, then the stream's messages about the sign-ups (or addresses).
   * Audited as the current actor's.
   */
  async eraseSignups(
    ids: number[],
    opts: {
      emails?: string[];
      purgeWaitMs?: number;
      /** R-IDEMPOTENCY: a parent's keyed erasure (of one sign-up) records its answer with it. */
      key?: RequestKey;
    } = {},
  ): Promise<ErasureCounts> {
    const emails = opts.emails ?? [];
    const counts: ErasureCounts = { signups: 0, outboxRows: 0, streamMessages: 0 };
    for (const id of ids) {
      counts.outboxRows += await this.eraseById(id, opts.key);
      counts.signups += 1;
    }
    if (emails.length > 0)
      counts.outboxRows += await this.deps.db.transaction((tx) =>
        this.deps.privacyRecords.scrubOutbox(tx, [], emails),
      );
    const purged = await this.deps.stream.purge(
      { ids: new Set(ids), emails },
      opts.purgeWaitMs ?? PARENT_PURGE_WAIT_MS,
    );
    counts.streamMessages = purged.deleted;
    return counts;
  }

  /**
   * One sign-up erased in one transaction: its personal fields, its links, the outbox rows about
   * it (R-PRIVACY-ERASE); a place it held moves on. Answers how many outbox rows changed.
   */
  private async eraseById(id: number, key?: RequestKey): Promise<number> {
    const { registrations, waitlist } = this.deps;
    const seen = (await registrations.byId(id))!;
    return this.deps.db.transaction(async (tx) => {
      await key?.claim(tx);
      const [activity] = await waitlist.lock(tx, [seen.activityId]);
      const reg = (await registrations.byId(id, tx, true))!;
      const row = await registrations.erase(tx, id);
      const scrubbed = await this.deps.privacyRecords.scrubOutbox(tx, [id]);
      const events: NewEvent<unknown>[] = [];
      if (row.status !== reg.status)
        events.push(
          statusEvent(EVENT_TYPES.registrationWithdrawn, reg, row, activity!, {
            sendEmail: false,
            withdrawReason: 'erased',
          }),
        );
      events.push({
        type: EVENT_TYPES.registrationErased,
        data: { registrationId: id, activityId: reg.activityId },
      });
      await this.deps.outbox.addMany(tx, events);
      // R-AUDIT-ADMIN-CHANGES: who erased it (a parent is named by nothing).
      await recordAudit(tx, this.deps.outbox, 'registrations', {
        actor: currentActor(),
        action: AUDIT_ACTIONS.registrationErased,
        target: { type: 'registration', id: String(id) },
      });
      if (freesPlace(reg.status, row.status)) await waitlist.fill(tx, [activity!]);
      await key?.record(tx, { erased: true });
      return scrubbed;
    });
  }

  private async change(
    { id }: AdmittedSignup,
    decide: (reg: RegistrationRow, now: Date) => WithdrawReason | 'accept',
  ): Promise<MySignup> {
    const { registrations, waitlist } = this.deps;
    const key = currentRequestKey();
    const seen = (await registrations.byId(id))!;
    return this.deps.db.transaction(async (tx: Transaction) => {
      // R-IDEMPOTENCY: the request's key (as the entry point handed it on) first (a twin
      // request waits here), its answer with the change;
      // the answer names the child, so it is not kept but shown again from the sign-up.
      await key?.claim(tx);
      const [activity] = await waitlist.lock(tx, [seen.activityId]);
      const reg = (await registrations.byId(id, tx, true))!;
      const now = waitlist.now();
      const decision = decide(reg, now);
      const [link] = [...(await waitlist.mintLinks(tx, [reg])).values()];
      const row =
        decision === 'accept'
          ? await registrations.setStatus(tx, id, { status: 'approved', admin: null })
          : await registrations.setStatus(tx, id, { status: 'withdrawn' });
      await this.deps.outbox.add(
        tx,
        statusEvent(
          decision === 'accept'
            ? EVENT_TYPES.registrationApproved
            : EVENT_TYPES.registrationWithdrawn,
          reg,
          row,
          activity!,
          {
            sendEmail: true,
            sealedLink: link,
            now,
            ...(decision === 'accept' ? {} : { withdrawReason: decision }),
          },
        ),
      );
      if (freesPlace(reg.status, row.status)) await waitlist.fill(tx, [activity!]);
      await key?.record(tx);
      return mySignupView(row, activity!);
    });
  }
}
