import { timingSafeEqual } from 'node:crypto';
import {
  EVENT_TYPES,
  ageInYears,
  registrationSchema,
  type ActivityEvent,
  type Lang,
  type RegistrationCreated,
  type RegistrationInput,
} from '@nsa/contracts';
import { AppError, refusedAtTheDoor, type Outbox } from '@nsa/service-kit';
import { isoWeekYear } from '@nsa/calendar';
import {
  childKey,
  type RegistrationRepository,
  type SignUpOutcome,
} from '../data-access/registrations.js';
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
   * above run on its answer, and one call of the database's sign_up_declared does the rest: the
   * early "full" (or, with `waitlist`, a place in line: R-WAITLIST-JOIN), the child's duplicate
   * and overlap checks serialised by an advisory lock so two tabs submitting at once cannot
   * both pass, the sign-up, its event (with the confirmation email and the parent's own link,
   * sealed: R-MY-SIGNUP-LINK) and its answer; for a keyed request (R-IDEMPOTENCY) the key's
   * claim and record too. The sign-up is declared once: every field of the parsed form by its
   * name (`signUpDeclaration`), which the database reads by that name.
   */
  async signUp(
    input: RegistrationInput,
    schoolToken: string | undefined,
    language: Lang,
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
    const result = await this.deps.registrations.signUp({
      ...formFields(input),
      activity,
      childKey: childKey(input.childFirstName, input.childLastName, input.childDateOfBirth),
      childAge: ageInYears(input.childDateOfBirth, today),
      language,
      ignoreCapacity,
      manageTokenHash: link.tokenHash,
      sealedLink: link.sealedLink,
      year: weekYearOf(today),
      event: this.deps.outbox.head(EVENT_TYPES.registrationCreated),
    });
    assertSignedUp(result.outcome);
    this.deps.outbox.kick();
    return result.answer!;
  }
}

/**
 * Every field of the sign-up form (`registrationSchema`'s shape) by its name, one left out as
 * null: the declaration carries a new field of the form without a change here.
 */
export function formFields(input: RegistrationInput): {
  [K in keyof RegistrationInput]-?: RegistrationInput[K] | null;
} {
  return Object.fromEntries(
    Object.keys(FORM.shape).map((k) => [k, input[k as keyof RegistrationInput] ?? null]),
  ) as { [K in keyof RegistrationInput]-?: RegistrationInput[K] | null };
}

const FORM = registrationSchema();
