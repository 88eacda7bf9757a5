import { createHash, timingSafeEqual } from 'node:crypto';
import {
  EVENT_TYPES,
  ageInYears,
  type Lang,
  type RegistrationCreated,
  type RegistrationEvent,
  type RegistrationInput,
} from '@nsa/contracts';
import { AppError, type ServiceContext } from '@nsa/service-kit';
import { findActivityLockingChild, type ProjectedActivity } from '../data-access/activities.js';
import { childKey, RegistrationRepository } from '../data-access/registrations.js';
import { MSG } from './messages.js';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The caller holds the school's link: its token hashes to the one the activity's school has. */
export function assertSchoolToken(activity: ProjectedActivity, token: string | undefined): void {
  const given = Buffer.from(sha256(token ?? ''));
  const expected = Buffer.from(activity.schoolTokenHash);
  if (!token || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw AppError.forbidden(MSG.schoolToken);
  }
}

/** The same child may not be signed up twice for one activity, nor for two at the same time. */
export function assertNoOverlap(clash: { sameActivity: boolean; overlap: boolean }): void {
  if (clash.sameActivity) throw AppError.conflict(MSG.duplicate, 'CONFLICT');
  if (clash.overlap) throw AppError.conflict(MSG.overlap, 'CHILD_OVERLAP');
}

/**
 * A parent's sign-up. The child's sign-ups are serialised by an advisory
 * lock on the child, so two tabs submitting at once cannot both pass the
 * duplicate and overlap checks.
 */
export async function signUp(
  ctx: ServiceContext,
  input: RegistrationInput,
  schoolToken: string | undefined,
  language: Lang,
  requestId?: string,
  today = new Date(),
): Promise<RegistrationCreated> {
  const repo = new RegistrationRepository(ctx.sequelize);
  return ctx.sequelize.transaction(async (tx) => {
    const key = childKey(input.childFirstName, input.childLastName, input.childDateOfBirth);
    // One round trip: the activity, its approved count and the child's lock (a refused
    // request releases the lock at once with its rollback).
    const activity = await findActivityLockingChild(ctx.sequelize, input.activityId, key, tx);
    if (!activity || activity.deleted) throw AppError.notFound(MSG.activityNotFound);
    assertSchoolToken(activity, schoolToken);
    if (activity.isHidden) throw AppError.notFound(MSG.activityNotFound);
    if (activity.isLocked) throw AppError.conflict(MSG.locked, 'ACTIVITY_LOCKED');
    if (activity.approvedCount >= activity.capacity) {
      throw AppError.conflict(MSG.full, 'ACTIVITY_FULL');
    }
    assertNoOverlap(await repo.clashes(tx, key, activity));

    const created = await repo.insert(tx, {
      activityId: activity.id,
      schoolId: activity.schoolId,
      blockId: activity.blockId,
      childFirstName: input.childFirstName,
      childLastName: input.childLastName,
      childDateOfBirth: input.childDateOfBirth,
      childAge: ageInYears(input.childDateOfBirth, today),
      childGroup: input.childGroup,
      childKey: key,
      parentName: input.parentName,
      email: input.email,
      phone: input.phone,
      language,
    });
    await ctx.outbox.add<RegistrationEvent>(tx, {
      type: EVENT_TYPES.registrationCreated,
      data: {
        registrationId: created.id,
        activityId: activity.id,
        status: 'new',
        previousStatus: null,
        sendEmail: false,
        language,
      },
      requestId,
    });
    return { success: true, registration: created };
  });
}
