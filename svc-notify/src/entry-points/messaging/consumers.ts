import {
  EVENT_TYPES,
  registrationEventSchema,
  secretLinkEventSchema,
  type EmailKind,
} from '@nsa/contracts';
import type { ConsumerSpec, EventHandler } from '@nsa/service-kit';
import type { Mailer } from '../../domain/mailer.js';

/** Each email-worthy event becomes one delivery record; the mailer sends it. */
export function notifyConsumers(mailer: Mailer): ConsumerSpec[] {
  const registration = (kind: EmailKind): EventHandler => ({
    versions: [1],
    handle: async (event, { tx }) => {
      const e = registrationEventSchema.parse(event.data);
      if (!e.sendEmail || !e.notification) return;
      await mailer.deliveries.record(tx, {
        eventId: event.id,
        kind,
        registrationId: e.registrationId,
        language: e.language,
        payload: e.notification,
      });
      tx.afterCommit(() => mailer.kick());
    },
  });
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
        [EVENT_TYPES.registrationApproved]: registration('registration-approved'),
        [EVENT_TYPES.registrationRejected]: registration('registration-rejected'),
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
