import type { ActivityEvent, ProviderLinkState } from '@nsa/contracts';
import type { ActivityRepository } from '../data-access/activities.js';
import type { TokenRepository } from '../data-access/tokens.js';
import { activityEvent, providerTokenEvent } from './events.js';

export interface OwnerAnswersDeps {
  activities: ActivityRepository;
  tokens: TokenRepository;
}

/**
 * What svc-catalog answers, as the owner, to services that must not decide on a projection:
 * an activity as it is now (R-FRESH-SIGNUP) and a provider link with its activity
 * (R-FRESH-PROVIDER-LINK). Both are read from the database for every question; one entry per
 * id, in order, `null` for an id that has none.
 */
export class OwnerAnswers {
  constructor(private readonly deps: OwnerAnswersDeps) {}

  async activitiesNow(ids: number[]): Promise<Array<ActivityEvent | null>> {
    const byId = new Map(
      (await this.deps.activities.byIds(ids)).map((a) => [a.id, activityEvent(a)]),
    );
    return ids.map((id) => byId.get(id) ?? null);
  }

  async providerLinksNow(ids: number[]): Promise<Array<ProviderLinkState | null>> {
    const [links, found] = await Promise.all([
      this.deps.tokens.forActivities(ids),
      this.deps.activities.byIds(ids),
    ]);
    const byId = new Map(found.map((a) => [a.id, activityEvent(a)]));
    const linkOf = new Map(links.map((t) => [t.activityId, providerTokenEvent(t)]));
    return ids.map((id) => {
      const link = linkOf.get(id);
      const activity = byId.get(id);
      return link && activity ? { link, activity } : null;
    });
  }
}
