import { RPC_SUBJECTS, activityLookup, providerLinkLookup } from '@nsa/contracts';
import { OwnerLookup, type ServiceContext } from '@nsa/service-kit';
import { MSG } from '../../domain/messages.js';

/**
 * How long an activity's answer serves later sign-ups. R-FRESH-SIGNUP lets a lock, hide or
 * capacity change take up to a second to reach sign-ups; a quarter of that keeps a burst on
 * one activity to four questions a second. An activity the owner does not know is never
 * remembered, so one created a moment ago is asked about (and found) on its first sign-up.
 * The school token in the answer never changes while the activity exists.
 */
export const ACTIVITY_ANSWER_REUSE_MS = 250;

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
  return {
    activity: (id: number) => activities.get(id),
    providerLink: (activityId: number) => links.get(activityId),
  };
}
export type CatalogOwner = ReturnType<typeof catalogOwner>;
