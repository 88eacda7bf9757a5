import {
  EVENT_TYPES,
  activityEventSchema,
  blockEventSchema,
  deletedEventSchema,
  providerTokenEventSchema,
  schoolEventSchema,
} from '@nsa/contracts';
import type { ConsumerSpec, EventHandler } from '@nsa/service-kit';
import type { Lottery } from '../../domain/lottery.js';
import type { Projection } from '../../domain/projection.js';

/** Keeps this service's projection of catalog data; each event id is applied once. */
export function catalogConsumer(
  projection: Projection,
  lottery: Pick<Lottery, 'blockChanged'>,
): ConsumerSpec {
  const applyBlock: EventHandler = {
    versions: [1],
    handle: (event, { tx }) => lottery.blockChanged(tx, blockEventSchema.parse(event.data)),
  };
  const applySchool: EventHandler = {
    versions: [1],
    handle: (event, { tx }) => projection.school(tx, schoolEventSchema.parse(event.data)),
  };
  const applyActivity: EventHandler = {
    versions: [1],
    handle: (event, { tx }) => projection.activity(tx, activityEventSchema.parse(event.data)),
  };
  return {
    stream: 'CATALOG',
    durable: 'registrations',
    handlers: {
      [EVENT_TYPES.schoolCreated]: applySchool,
      [EVENT_TYPES.schoolUpdated]: applySchool,
      [EVENT_TYPES.blockCreated]: applyBlock,
      [EVENT_TYPES.blockUpdated]: applyBlock,
      [EVENT_TYPES.activityCreated]: applyActivity,
      [EVENT_TYPES.activityUpdated]: applyActivity,
      [EVENT_TYPES.activityDeleted]: {
        versions: [1],
        handle: (event, { tx }) =>
          projection.activityDeleted(tx, deletedEventSchema.parse(event.data).id),
      },
      [EVENT_TYPES.providerTokenChanged]: {
        versions: [1],
        handle: (event, { tx }) =>
          projection.providerToken(tx, providerTokenEventSchema.parse(event.data)),
      },
    },
  };
}
