import { RPC_SUBJECTS, activityLookup, providerLinkLookup } from '@nsa/contracts';
import { serveLookup, type ServiceContext } from '@nsa/service-kit';
import type { ActivityRepository } from '../../data-access/activities.js';
import type { TokenRepository } from '../../data-access/tokens.js';
import { activityEvent, providerTokenEvent } from '../../domain/events.js';

/**
 * svc-catalog answers, as the owner, what other services must not take from a projection:
 * an activity as it is now (R-FRESH-SIGNUP) and a provider link with its activity
 * (R-FRESH-PROVIDER-LINK). Both are read from the database for every question.
 */
export function serveOwnerAnswers(
  ctx: ServiceContext,
  activities: ActivityRepository,
  tokens: TokenRepository,
): Array<{ stop(): void }> {
  return [
    serveLookup(
      ctx.nc,
      RPC_SUBJECTS.activities,
      'catalog',
      activityLookup,
      async (ids) => {
        const byId = new Map((await activities.byIds(ids)).map((a) => [a.id, activityEvent(a)]));
        return ids.map((id) => byId.get(id) ?? null);
      },
      ctx.logger,
    ),
    serveLookup(
      ctx.nc,
      RPC_SUBJECTS.providerLinks,
      'catalog',
      providerLinkLookup,
      async (ids) => {
        const [links, found] = await Promise.all([
          tokens.forActivities(ids),
          activities.byIds(ids),
        ]);
        const byId = new Map(found.map((a) => [a.id, activityEvent(a)]));
        const linkOf = new Map(links.map((t) => [t.activityId, providerTokenEvent(t)]));
        return ids.map((id) => {
          const link = linkOf.get(id);
          const activity = byId.get(id);
          return link && activity ? { link, activity } : null;
        });
      },
      ctx.logger,
    ),
  ];
}
