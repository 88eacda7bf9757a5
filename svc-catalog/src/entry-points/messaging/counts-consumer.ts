import {
  EVENT_TYPES,
  providerLinkUsedEventSchema,
  registrationEventSchema,
  type RegistrationEvent,
} from '@nsa/contracts';
import type { ConsumerSpec, EventHandler, ServiceContext } from '@nsa/service-kit';
import { ActivityRepository } from '../../data-access/activities.js';
import { TokenRepository } from '../../data-access/tokens.js';

/**
 * What a registration event changes in the counts: every sign-up counts once
 * in registrationsCount; approvedCount follows moves into and out of approved.
 */
export function countDelta(e: RegistrationEvent): { approved: number; registrations: number } {
  const registrations = e.previousStatus === null ? 1 : 0;
  const approved = (e.status === 'approved' ? 1 : 0) - (e.previousStatus === 'approved' ? 1 : 0);
  return { approved, registrations };
}

/** Keeps the sign-up counts per activity and the provider links' last use from svc-registrations' events. */
export function countsConsumer(ctx: ServiceContext): ConsumerSpec {
  const activities = new ActivityRepository(ctx.sequelize);
  const tokens = new TokenRepository(ctx.sequelize);
  const apply: EventHandler = {
    versions: [1],
    handle: async (event, { tx }) => {
      const e = registrationEventSchema.parse(event.data);
      const d = countDelta(e);
      if (d.approved || d.registrations)
        await activities.adjustCounts(tx, e.activityId, d.approved, d.registrations);
    },
  };
  return {
    stream: 'REGISTRATIONS',
    durable: 'catalog',
    handlers: {
      [EVENT_TYPES.registrationCreated]: apply,
      [EVENT_TYPES.registrationApproved]: apply,
      [EVENT_TYPES.registrationRejected]: apply,
      [EVENT_TYPES.registrationReverted]: apply,
      [EVENT_TYPES.providerLinkUsed]: {
        versions: [1],
        handle: async (event, { tx }) => {
          const e = providerLinkUsedEventSchema.parse(event.data);
          await tokens.markUsed(tx, e.activityId, e.tokenHash, e.at);
        },
      },
    },
  };
}
