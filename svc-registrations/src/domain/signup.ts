import { createHash, timingSafeEqual } from 'node:crypto';
import {
  EVENT_TYPES,
  ageInYears,
  type ActivityEvent,
  type Lang,
  type RegistrationCreated,
  type RegistrationEvent,
  type RegistrationInput,
} from '@nsa/contracts';
import { AppError, type ServiceContext } from '@nsa/service-kit';
import { childKey, signUpOnce, type SignUpOutcome } from '../data-access/registrations.js';
import { MSG } from './messages.js';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * The rules a sign-up must pass that need only the activity, as its owner has it now
 * (R-FRESH-SIGNUP), in the order the parent is told about them:
 * R-SIGNUP-ACTIVITY (it exists), R-SIGNUP-SCHOOL-LINK (reached with its school's link),
 * R-SIGNUP-HIDDEN (a hidden activity is not found), R-SIGNUP-LOCKED.
 */
export function admitSignUp(
  activity: ActivityEvent | null,
  schoolToken: string | undefined,
): ActivityEvent {
  if (!activity) throw AppError.notFound(MSG.activityNotFound);
  if (!schoolToken || !sameHash(sha256(schoolToken), activity.school.accessTokenHash))
    throw AppError.forbidden(MSG.schoolToken);
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
      throw AppError.conflict(MSG.full, 'ACTIVITY_FULL');
    case 'duplicate':
      throw AppError.conflict(MSG.duplicate, 'CONFLICT');
    case 'overlap':
      throw AppError.conflict(MSG.overlap, 'CHILD_OVERLAP');
  }
}

/** Compares two hex SHA-256 digests in constant time. */
export function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * A parent's sign-up: the activity is asked of svc-catalog (so a lock, hide or capacity change
 * it has answered holds for this sign-up, and a new activity is known at once), the rules above
 * run on its answer, and one call of the database's sign_up function does the rest: the early
 * "full", the child's duplicate and overlap checks serialised by an advisory lock so two tabs
 * submitting at once cannot both pass, and the sign-up with its event.
 */
export async function signUp(
  ctx: ServiceContext,
  catalog: { activity(id: number): Promise<ActivityEvent | null> },
  input: RegistrationInput,
  schoolToken: string | undefined,
  language: Lang,
  requestId?: string,
  today = new Date(),
): Promise<RegistrationCreated> {
  const activity = admitSignUp(await catalog.activity(input.activityId), schoolToken);
  const event = ctx.outbox.row<RegistrationEvent>({
    type: EVENT_TYPES.registrationCreated,
    data: {
      // The sign_up function writes the new sign-up's id here.
      registrationId: 0,
      activityId: input.activityId,
      status: 'new',
      previousStatus: null,
      sendEmail: false,
      language,
    },
    requestId,
  });
  const result = await signUpOnce(ctx.sequelize, {
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
    event,
  });
  assertSignedUp(result.outcome);
  ctx.outbox.kick();
  return { success: true, registration: { id: result.registrationId!, status: 'new' } };
}
