import {
  ACTIVITY_ANSWER_REUSE_MS,
  RPC_SUBJECTS,
  activityLookup,
  providerLinkLookup,
} from '@nsa/contracts';
import { OwnerLookup, type ServiceContext } from '@nsa/service-kit';
import { MSG } from '../../domain/messages.js';

/**
 * Answers about an activity serve later sign-ups for ACTIVITY_ANSWER_REUSE_MS. An activity the
 * owner does not know is never remembered, so one created a moment ago is asked about (and
 * found) on its first sign-up. A school token rotated by its owner is confirmed only after
 * that time, so an answer carrying the old hash is never used after the rotation answered.
 */
export { ACTIVITY_ANSWER_REUSE_MS };

/**
 * svc-catalog asked, as the owner, about an activity and a provider link. The decisions that
 * accept a sign-up or show a participant list take these answers, never the projection; while
 * svc-catalog cannot be reached they answer 503.
 */
export function catalogOwner(ctx: Pick<ServiceContext, 'nc' | 'logger'>) {
  const activities = new OwnerLookup(ctx.nc, RPC_SUBJECTS.activities, activityLookup, ctx.logger, {
    unavailable: MSG.catalogUnavailable,
    reuseForMs: ACTIVITY_ANSWER_REUSE_MS,
  });
  // A link is an access grant: asked about on every look.
  const links = new OwnerLookup(
    ctx.nc,
    RPC_SUBJECTS.providerLinks,
    providerLinkLookup,
    ctx.logger,
    {
      unavailable: MSG.catalogUnavailable,
    },
  );
  // R-FRESH-LISTS: the capacity approvals and offers are judged on, asked on every change;
  // a list-like time limit, as the projection stands in when catalog does not answer.
  const now = new OwnerLookup(ctx.nc, RPC_SUBJECTS.activities, activityLookup, ctx.logger, {
    unavailable: MSG.catalogUnavailable,
    timeoutMs: 500,
  });
  return {
    activity: (id: number) => activities.get(id),
    activitiesNow: (ids: number[]) => Promise.all(ids.map((id) => now.get(id))),
    providerLink: (activityId: number) => links.get(activityId),
  };
}
export type CatalogOwner = ReturnType<typeof catalogOwner>;
