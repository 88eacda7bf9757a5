import { EVENT_TYPES, schoolEventSchema } from '@nsa/contracts';
import type { ConsumerSpec, ServiceContext } from '@nsa/service-kit';
import { upsertSchool } from '../../data-access/school-projection.js';

/** Keeps this service's projection of catalog data; each event id is applied once. */
export function catalogConsumer(ctx: ServiceContext): ConsumerSpec {
  const applySchool: ConsumerSpec['handlers'][string] = {
    versions: [1],
    handle: (event, { tx }) => upsertSchool(ctx.sequelize, tx, schoolEventSchema.parse(event.data)),
  };
  return {
    stream: 'CATALOG',
    durable: 'registrations',
    handlers: {
      [EVENT_TYPES.schoolCreated]: applySchool,
      [EVENT_TYPES.schoolUpdated]: applySchool,
    },
  };
}
