import {
  EVENT_TYPES,
  parentEmailKind,
  registrationErasedEventSchema,
  registrationEventSchema,
  registrationsErasedEventSchema,
  secretLinkEventSchema,
  type EmailKind,
  type EventEnvelope,
} from '@nsa/contracts';
import type { ConsumerSpec, EventHandler } from '@nsa/service-kit';
import type { Mailer, NewDelivery } from '../../domain/mailer.js';
import type { NotifyPrivacy } from '../../domain/privacy.js';

/** Each email-worthy event becomes one delivery record; the mailer sends it. */
export function notifyConsumers(mailer: Mailer, privacy: NotifyPrivacy): ConsumerSpec[] {
  /** The delivery a registration event calls for, if any. */
  const emailOf = (event: EventEnvelope): NewDelivery | undefined => {
    const e = registrationEventSchema.parse(event.data);
    const kind = parentEmailKind(event.type, { ...e, hasNotification: !!e.notification });
    if (!kind || !e.notification) return undefined;
    return {
      eventId: event.id,
      kind,
      registrationId: e.registrationId,
      language: e.language,
      payload: e.notification,
    };
  };
  // Events that arrived together are recorded with one statement; one that emails nobody is
  // acknowledged without a write.
  const registration: EventHandler = {
    versions: [1],
    handle: (event, ctx) => registration.handleMany!([event], ctx),
    handleMany: async (events, { tx }) => {
      await mailer.record(
        tx,
        events.map(emailOf).filter((d): d is NewDelivery => !!d),
      );
    },
    needed: (event) => emailOf(event) !== undefined,
  };
  const erased: EventHandler = {
    versions: [1],
    handle: async (event, { tx }) => {
      const e = registrationErasedEventSchema.parse(event.data);
      await mailer.eraseRegistration(tx, e.registrationId);
    },
  };
  // R-RETENTION-EVENT: a batch of sign-ups erased by retention or on request.
  const erasedBatch: EventHandler = {
    versions: [1],
    handle: async (event, { tx }) => {
      const e = registrationsErasedEventSchema.parse(event.data);
      await privacy.forget(tx, e.registrationIds);
    },
  };
  const passwordLink = (kind: EmailKind): EventHandler => ({
    versions: [1],
    handle: async (event, { tx }) => {
      const e = secretLinkEventSchema.parse(event.data);
      await mailer.record(tx, [
        {
          eventId: event.id,
          kind,
          registrationId: null,
          language: e.language,
          payload: e,
        },
      ]);
    },
  });
  return [
    {
      stream: 'REGISTRATIONS',
      durable: 'notify',
      handlers: {
        [EVENT_TYPES.registrationCreated]: registration,
        [EVENT_TYPES.registrationApproved]: registration,
        [EVENT_TYPES.registrationRejected]: registration,
        [EVENT_TYPES.registrationOffered]: registration,
        [EVENT_TYPES.registrationWaitlisted]: registration,
        [EVENT_TYPES.registrationWithdrawn]: registration,
        [EVENT_TYPES.registrationErased]: erased,
        [EVENT_TYPES.registrationsErased]: erasedBatch,
      },
    },
    {
      stream: 'IDENTITY',
      durable: 'notify',
      handlers: {
        [EVENT_TYPES.adminCreated]: passwordLink('admin-welcome'),
        [EVENT_TYPES.passwordResetRequested]: passwordLink('password-reset'),
      },
    },
  ];
}
