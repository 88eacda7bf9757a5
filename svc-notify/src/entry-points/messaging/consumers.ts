import {
  EVENT_TYPES,
  parentEmailKind,
  registrationErasedEventSchema,
  registrationEventSchema,
  registrationsErasedEventSchema,
  secretLinkEventSchema,
  type EmailKind,
} from '@nsa/contracts';
import type { ConsumerSpec, EventHandler } from '@nsa/service-kit';
import type { Mailer } from '../../domain/mailer.js';
import type { NotifyPrivacy } from '../../domain/privacy.js';

/** Each email-worthy event becomes one delivery record; the mailer sends it. */
export function notifyConsumers(mailer: Mailer, privacy: NotifyPrivacy): ConsumerSpec[] {
  const registration: EventHandler = {
    versions: [1],
    handle: async (event, { tx }) => {
      const e = registrationEventSchema.parse(event.data);
      const kind = parentEmailKind(event.type, { ...e, hasNotification: !!e.notification });
      if (!kind || !e.notification) return;
      await mailer.deliveries.record(tx, {
        eventId: event.id,
        kind,
        registrationId: e.registrationId,
        language: e.language,
        payload: e.notification,
      });
      tx.afterCommit(() => mailer.kick());
    },
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
      await mailer.deliveries.record(tx, {
        eventId: event.id,
        kind,
        registrationId: null,
        language: e.language,
        payload: e,
      });
      tx.afterCommit(() => mailer.kick());
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
