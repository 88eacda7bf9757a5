import { EVENT_TYPES, emailSentEventSchema } from '@nsa/contracts';
import type { ConsumerSpec } from '@nsa/service-kit';
import { reportsDecisionEmail, type Review } from '../../domain/review.js';

/**
 * Marks a sign-up's decision email as sent once svc-notify reports it reached the SMTP server
 * (R-EMAIL-SENT); the waiting list's and the confirmation's emails do not count.
 */
export function notifyConsumer(review: Pick<Review, 'emailSent'>): ConsumerSpec {
  return {
    stream: 'NOTIFY',
    durable: 'registrations',
    handlers: {
      [EVENT_TYPES.emailSent]: {
        versions: [1],
        handle: async (event, { tx }) => {
          const e = emailSentEventSchema.parse(event.data);
          if (e.registrationId !== null && reportsDecisionEmail(e.kind))
            await review.emailSent(tx, e.registrationId);
        },
      },
    },
  };
}
