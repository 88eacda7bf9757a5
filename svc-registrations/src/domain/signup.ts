import { timingSafeEqual } from 'node:crypto';
import {
  EVENT_TYPES,
  ageInYears,
  type ActivityEvent,
  type Lang,
  type RegistrationCreated,
  type RegistrationEvent,
  type RegistrationInput,
} from '@nsa/contracts';
import { AppError, type Outbox } from '@nsa/service-kit';
import { isoWeekYear } from '@nsa/calendar';
import {
  childKey,
  type RegistrationRepository,
  type SignUpOutcome,
  type SignUpResult,
} from '../data-access/registrations.js';
import { refusedAtTheDoor, type KeyInTx } from './idempotency.js';
import { sha256, type ParentLinks } from './links.js';
import { admitToWindow, type Lottery } from './lottery.js';
import { MSG } from './messages.js';

/**
 * The rules a sign-up must pass that need only the activity, as its owner has it now
 * (R-FRESH-SIGNUP), in the order the parent is told about them:
 * R-SIGNUP-ACTIVITY (it exists), R-SIGNUP-SCHOOL-LINK (reached with its school's link),
 * R-SIGNUP-HIDDEN (a hidden activity is not found), R-SIGNUP-LOCKED. A refusal before the
 * school's link is accepted stores nothing under the request's key (R-IDEMPOTENCY-ADMIT).
 */
export function admitSignUp(
  activity: ActivityEvent | null,
  schoolToken: string | undefined,
): ActivityEvent {
  if (!activity) throw refusedAtTheDoor(AppError.notFound(MSG.activityNotFound));
  if (!schoolToken || !sameHash(sha256(schoolToken), activity.school.accessTokenHash))
    throw refusedAtTheDoor(AppError.forbidden(MSG.schoolToken));
  if (activity.isHidden) throw AppError.notFound(MSG.activityNotFound);
  if (activity.isLocked) throw AppError.conflict(MSG.locked, 'ACTIVITY_LOCKED');
  return activity;
}

/**
 * The rules the database function checks against this service's own rows:
 * R-SIGNUP-FULL (early answer: approvals themselves keep capacity), R-SIGNUP-DUPLICATE
 * (the same child twice for one activity) and R-SIGNUP-OVERLAP (the same child at the same
 * time in overlapping weeks).
 */
export function assertSignedUp(outcome: SignUpOutcome): void {
  switch (outcome) {
    case 'created':
      return;
    case 'full':
      // R-WAITLIST-JOIN: the answer offers the waiting list (routes.ts adds `waitlist: true`).
      throw AppError.conflict(MSG.full, 'ACTIVITY_FULL');
    case 'duplicate':
      throw AppError.conflict(MSG.duplicate, 'CONFLICT');
    case 'overlap':
      throw AppError.conflict(MSG.overlap, 'CHILD_OVERLAP');
  }
}

let weekYear: { hour: number; year: number } | undefined;

/**
 * The ISO week-year of `today` in Amsterdam, worked out once an hour instead of on every
 * sign-up (three time-zone conversions each): Amsterdam is a whole number of hours from UTC,
 * so its date, and with it the week-year, only changes at the start of a UTC hour.
 */
export function weekYearOf(today: Date): number {
  const hour = Math.floor(today.getTime() / 3_600_000);
  if (weekYear?.hour !== hour) weekYear = { hour, year: isoWeekYear(today) };
  return weekYear.year;
}

/** Compares two hex SHA-256 digests in constant time. */
export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Who answers about an activity as its owner has it now (R-FRESH-SIGNUP). */
export interface ActivityOwner {
  activity(id: number): Promise<ActivityEvent | null>;
}

export interface SignUpsDeps {
  outbox: Outbox;
  registrations: RegistrationRepository;
  links: ParentLinks;
  lottery: Pick<Lottery, 'drawPublished'>;
  catalog: ActivityOwner;
  now?: () => Date;
}

/** Parents' sign-ups through their school's link (R-SIGNUP-*). */
export class SignUps {
  constructor(private readonly deps: SignUpsDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * A parent's sign-up: the activity is asked of svc-catalog (so a lock, hide or capacity change
   * it has answered holds for this sign-up, and a new activity is known at once), the rules
   * above run on its answer, and one call of the database's sign_up function does the rest: the
   * early "full" (or, with `waitlist`, a place in line: R-WAITLIST-JOIN), the child's duplicate
   * and overlap checks serialised by an advisory lock so two tabs submitting at once cannot
   * both pass, and the sign-up with its event. The event carries the confirmation email with
   * the parent's own link (R-MY-SIGNUP-LINK), sealed.
   */
  async signUp(
    input: RegistrationInput,
    schoolToken: string | undefined,
    language: Lang,
    key?: KeyInTx,
  ): Promise<RegistrationCreated> {
    const today = this.now();
    const activity = admitSignUp(await this.deps.catalog.activity(input.activityId), schoolToken);
    const { ignoreCapacity } = admitToWindow(
      activity.block,
      activity.block.allocation === 'lottery' &&
        (await this.deps.lottery.drawPublished(activity.block.id)),
      today,
    );
    const link = await this.deps.links.mint(language);
    const event = this.deps.outbox.row<RegistrationEvent>({
      type: EVENT_TYPES.registrationCreated,
      data: {
        // The sign_up function writes the new sign-up's id, status and position here.
        registrationId: 0,
        activityId: input.activityId,
        status: 'new',
        previousStatus: null,
        sendEmail: true,
        language,
        notification: {
          to: input.email,
          parentName: input.parentName,
          childName: `${input.childFirstName} ${input.childLastName}`,
          activityTitle: activity.title,
          schoolName: activity.school.name,
          providerName: activity.provider.name,
          blockName: activity.block.name,
          weekday: activity.weekday,
          startTime: activity.startTime,
          weekStart: activity.block.weekStart,
          weekEnd: activity.block.weekEnd,
          reason: null,
          year: weekYearOf(today),
          sealedLink: link.sealedLink,
          waitlistPosition: null,
          offerExpiresAt: null,
        },
      },
    });
    const row = {
      activity,
      childKey: childKey(input.childFirstName, input.childLastName, input.childDateOfBirth),
      childFirstName: input.childFirstName,
      childLastName: input.childLastName,
      childDateOfBirth: input.childDateOfBirth,
      childAge: ageInYears(input.childDateOfBirth, today),
      childGroup: input.childGroup,
      parentName: input.parentName,
      email: input.email,
      phone: input.phone,
      language,
      waitlist: input.waitlist === true,
      ignoreCapacity,
      manageTokenHash: link.tokenHash,
      event,
    };
    // R-IDEMPOTENCY: a keyed sign-up claims its key and records its answer in the sign-up's own
    // statement (the database records the answer `signedUp` gives); an unkeyed one signs up
    // alone.
    let created: RegistrationCreated;
    if (key) {
      const result = await this.deps.registrations.signUpKeyed(row, key.request);
      created = signedUp(result.outcome === 'key-taken' ? key.taken() : result);
    } else {
      created = signedUp(await this.deps.registrations.signUp(row));
    }
    this.deps.outbox.kick();
    return created;
  }
}

/** The answer of a sign-up the database function made; its refusal as an AppError. */
function signedUp(result: SignUpResult): RegistrationCreated {
  assertSignedUp(result.outcome);
  return {
    success: true,
    registration:
      result.status === 'waitlisted'
        ? {
            id: result.registrationId!,
            status: 'waitlisted',
            waitlistPosition: result.waitlistPosition!,
          }
        : { id: result.registrationId!, status: 'new' },
  };
}
