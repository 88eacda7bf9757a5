import { EVENT_TYPES, emailSentEventSchema } from '@nsa/contracts';
import type { ConsumerSpec, ServiceContext } from '@nsa/service-kit';
import { RegistrationRepository } from '../../data-access/registrations.js';

/** Marks a sign-up's email as sent once svc-notify reports it reached the SMTP server. */
export function notifyConsumer(ctx: ServiceContext): ConsumerSpec {
  const repo = new RegistrationRepository(ctx.sequelize);
  return {
    stream: 'NOTIFY',
    durable: 'registrations',
    handlers: {
      [EVENT_TYPES.emailSent]: {
        versions: [1],
        handle: async (event, { tx }) => {
          const e = emailSentEventSchema.parse(event.data);
          if (e.registrationId !== null) await repo.markEmailSent(tx, e.registrationId);
        },
      },
    },
  };
}
