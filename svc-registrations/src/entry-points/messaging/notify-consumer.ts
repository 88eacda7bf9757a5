import { EVENT_TYPES, emailSentEventSchema, reportedEmailKind } from '@nsa/contracts';
import type { ConsumerSpec } from '@nsa/service-kit';
import type { Review } from '../../domain/review.js';

/**
 * Marks a sign-up's decision email as sent once svc-notify reports it reached the SMTP server
 * (R-EMAIL-SENT); the waiting list's and the confirmation's emails do not count: svc-notify
 * no longer reports them, and an older release's reports of them are acknowledged without a
 * write.
 */
export function notifyConsumer(review: Pick<Review, 'emailSent'>): ConsumerSpec {
  const decision = (data: unknown): number | undefined => {
    const e = emailSentEventSchema.parse(data);
    return e.registrationId !== null && reportedEmailKind(e.kind) ? e.registrationId : undefined;
  };
  return {
    stream: 'NOTIFY',
    durable: 'registrations',
    handlers: {
      [EVENT_TYPES.emailSent]: {
        versions: [1],
        needed: (event) => decision(event.data) !== undefined,
        handle: async (event, { tx }) => {
          const registrationId = decision(event.data);
          if (registrationId !== undefined) await review.emailSent(tx, registrationId);
        },
      },
    },
  };
}
