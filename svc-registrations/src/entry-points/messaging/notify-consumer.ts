import { EVENT_TYPES, emailSentEventSchema } from '@nsa/contracts';
import type { ConsumerSpec } from '@nsa/service-kit';
import type { Review } from '../../domain/review.js';

/** Marks a sign-up's email as sent once svc-notify reports it reached the SMTP server. */
export function notifyConsumer(review: Pick<Review, 'emailSent'>): ConsumerSpec {
  return {
    stream: 'NOTIFY',
    durable: 'registrations',
    handlers: {
      [EVENT_TYPES.emailSent]: {
        versions: [1],
        handle: async (event, { tx }) => {
          const e = emailSentEventSchema.parse(event.data);
          if (e.registrationId !== null) await review.emailSent(tx, e.registrationId);
        },
      },
    },
  };
}
