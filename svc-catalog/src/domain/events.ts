import { activityCore, type ActivityEvent, type ProviderTokenEvent } from '@nsa/contracts';
import { hashToken } from './tokens.js';
import type { ActivityRecord } from '../data-access/activities.js';
import type { ActivityToken } from '../data-access/tokens.js';

/** What svc-registrations keeps of an activity: the school token only as a hash. */
export function activityEvent(a: ActivityRecord): ActivityEvent {
  return {
    ...activityCore(a),
    school: { id: a.school.id, name: a.school.name, accessTokenHash: hashToken(a.schoolToken) },
    block: {
      id: a.block.id,
      name: a.block.name,
      weekStart: a.block.weekStart,
      weekEnd: a.block.weekEnd,
      year: a.block.year,
      signupOpensAt: a.block.signupOpensAt,
      signupClosesAt: a.block.signupClosesAt,
      allocation: a.block.allocation,
    },
    provider: a.provider,
  };
}

export function providerTokenEvent(t: ActivityToken): ProviderTokenEvent {
  return {
    activityId: t.activityId,
    tokenHash: t.tokenHash,
    expiresAt: t.expiresAt ? new Date(t.expiresAt).toISOString() : null,
    revoked: t.revoked,
  };
}
