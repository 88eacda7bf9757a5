import { RPC_SUBJECTS, activityLookup, providerLinkLookup } from '@nsa/contracts';
import { OwnerLookup, type ServiceContext } from '@nsa/service-kit';
import { MSG } from '../../domain/messages.js';

/**
 * svc-catalog asked, as the owner, about an activity and a provider link. The decisions that
 * accept a sign-up or show a participant list take these answers, never the projection; while
 * svc-catalog cannot be reached they answer 503.
 */
export function catalogOwner(ctx: Pick<ServiceContext, 'nc' | 'logger'>) {
  const activities = new OwnerLookup(
    ctx.nc,
    RPC_SUBJECTS.activities,
    activityLookup,
    ctx.logger,
    MSG.catalogUnavailable,
  );
  const links = new OwnerLookup(
    ctx.nc,
    RPC_SUBJECTS.providerLinks,
    providerLinkLookup,
    ctx.logger,
    MSG.catalogUnavailable,
  );
  return {
    activity: (id: number) => activities.get(id),
    providerLink: (activityId: number) => links.get(activityId),
  };
}
export type CatalogOwner = ReturnType<typeof catalogOwner>;
