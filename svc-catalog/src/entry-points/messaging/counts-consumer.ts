import {
  EVENT_TYPES,
  drawCommittedEventSchema,
  drawFrozenEventSchema,
  drawPublishedEventSchema,
  providerLinkUsedEventSchema,
  registrationEventSchema,
} from '@nsa/contracts';
import type { ConsumerSpec, EventHandler } from '@nsa/service-kit';
import type { Catalog } from '../../domain/catalog.js';
import type { Counts } from '../../domain/counts.js';

/** Keeps the sign-up counts per activity and the provider links' last use from svc-registrations' events. */
export function countsConsumer(
  counts: Counts,
  draws: Pick<Catalog, 'drawCommitted' | 'drawFrozen' | 'drawPublished'>,
): ConsumerSpec {
  // Events that arrived together are written with one statement; one that changes no count
  // (a new sign-up rejected or withdrawn) is acknowledged without a write.
  const apply: EventHandler = {
    versions: [1],
    handle: (event, { tx }) =>
      counts.applyRegistration(tx, registrationEventSchema.parse(event.data)),
    handleMany: (events, { tx }) =>
      counts.applyRegistrations(
        tx,
        events.map((e) => registrationEventSchema.parse(e.data)),
      ),
    needed: (event) => counts.changesCounts(registrationEventSchema.parse(event.data)),
  };
  return {
    stream: 'REGISTRATIONS',
    durable: 'catalog',
    handlers: {
      [EVENT_TYPES.registrationCreated]: apply,
      [EVENT_TYPES.registrationApproved]: apply,
      [EVENT_TYPES.registrationRejected]: apply,
      [EVENT_TYPES.registrationReverted]: apply,
      // R-WAITLIST-OFFER, R-WAITLIST-WITHDRAW: an offer holds a place, a withdrawal frees one.
      // registrations.registration.erased carries only ids and changes no count: unhandled
      // types are acknowledged and skipped.
      [EVENT_TYPES.registrationOffered]: apply,
      [EVENT_TYPES.registrationWaitlisted]: apply,
      [EVENT_TYPES.registrationWithdrawn]: apply,
      [EVENT_TYPES.drawCommitted]: {
        versions: [1],
        handle: (event, { tx }) =>
          draws.drawCommitted(tx, drawCommittedEventSchema.parse(event.data)),
      },
      [EVENT_TYPES.drawFrozen]: {
        versions: [1],
        handle: (event, { tx }) => draws.drawFrozen(tx, drawFrozenEventSchema.parse(event.data)),
      },
      [EVENT_TYPES.drawPublished]: {
        versions: [1],
        handle: (event, { tx }) =>
          draws.drawPublished(tx, drawPublishedEventSchema.parse(event.data)),
      },
      [EVENT_TYPES.providerLinkUsed]: {
        versions: [1],
        handle: (event, { tx }) =>
          counts.linkUsed(tx, providerLinkUsedEventSchema.parse(event.data)),
      },
    },
  };
}
