import { EVENT_TYPES, countsEventSchema } from '@nsa/contracts';
import type { ConsumerSpec, ServiceContext } from '@nsa/service-kit';
import { ActivityRepository } from '../../data-access/activities.js';

/** Keeps the sign-up counts per activity from svc-registrations' events. */
export function countsConsumer(ctx: ServiceContext): ConsumerSpec {
  const activities = new ActivityRepository(ctx.sequelize);
  return {
    stream: 'REGISTRATIONS',
    durable: 'catalog',
    handlers: {
      [EVENT_TYPES.countsChanged]: {
        versions: [1],
        handle: (event, { tx }) => activities.applyCounts(tx, countsEventSchema.parse(event.data)),
      },
    },
  };
}
