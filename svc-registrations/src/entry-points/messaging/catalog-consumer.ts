import {
  EVENT_TYPES,
  activityEventSchema,
  deletedEventSchema,
  providerTokenEventSchema,
  schoolEventSchema,
} from '@nsa/contracts';
import type { ConsumerSpec, EventHandler, ServiceContext } from '@nsa/service-kit';
import {
  markActivityDeleted,
  upsertActivity,
  upsertProviderToken,
} from '../../data-access/activity-projection.js';
import { upsertSchool } from '../../data-access/school-projection.js';

/** Keeps this service's projection of catalog data; each event id is applied once. */
export function catalogConsumer(ctx: ServiceContext): ConsumerSpec {
  const db = ctx.sequelize;
  const applySchool: EventHandler = {
    versions: [1],
    handle: (event, { tx }) => upsertSchool(db, tx, schoolEventSchema.parse(event.data)),
  };
  const applyActivity: EventHandler = {
    versions: [1],
    handle: (event, { tx }) => upsertActivity(db, tx, activityEventSchema.parse(event.data)),
  };
  return {
    stream: 'CATALOG',
    durable: 'registrations',
    handlers: {
      [EVENT_TYPES.schoolCreated]: applySchool,
      [EVENT_TYPES.schoolUpdated]: applySchool,
      [EVENT_TYPES.activityCreated]: applyActivity,
      [EVENT_TYPES.activityUpdated]: applyActivity,
      [EVENT_TYPES.activityDeleted]: {
        versions: [1],
        handle: (event, { tx }) =>
          markActivityDeleted(db, tx, deletedEventSchema.parse(event.data).id),
      },
      [EVENT_TYPES.providerTokenChanged]: {
        versions: [1],
        handle: (event, { tx }) =>
          upsertProviderToken(db, tx, providerTokenEventSchema.parse(event.data)),
      },
    },
  };
}
