import { createHash } from 'node:crypto';
import {
  EVENT_TYPES,
  ageInYears,
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

/** What the sign-up function answered, as the parent's answer. */
export function assertSignedUp(outcome: SignUpOutcome): void {
  switch (outcome) {
    case 'created':
      return;
    case 'not-found':
      throw AppError.notFound(MSG.activityNotFound);
    case 'forbidden':
      throw AppError.forbidden(MSG.schoolToken);
    case 'locked':
      throw AppError.conflict(MSG.locked, 'ACTIVITY_LOCKED');
    case 'full':
      throw AppError.conflict(MSG.full, 'ACTIVITY_FULL');
    // The same child may not be signed up twice for one activity, nor for two at the same time.
    case 'duplicate':
      throw AppError.conflict(MSG.duplicate, 'CONFLICT');
    case 'overlap':
      throw AppError.conflict(MSG.overlap, 'CHILD_OVERLAP');
  }
}

/**
 * A parent's sign-up: one call of the database's sign_up function (migration 0003), which
 * checks the activity, the school's token and capacity, serialises the child's sign-ups with an
 * advisory lock so two tabs submitting at once cannot both pass the duplicate and overlap
 * checks, and writes the sign-up with its event.
 */
export async function signUp(
  ctx: ServiceContext,
  input: RegistrationInput,
  schoolToken: string | undefined,
  language: Lang,
  requestId?: string,
  today = new Date(),
): Promise<RegistrationCreated> {
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
    activityId: input.activityId,
    tokenHash: schoolToken ? sha256(schoolToken) : null,
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
