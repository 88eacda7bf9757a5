import { EVENT_TYPES } from '@nsa/contracts';
import {
  jsonHoldsEmail,
  purgeStreamMessages,
  type Logger,
  type NatsConnection,
} from '@nsa/service-kit';
import type { PurgeTarget, RegistrationsStream } from '../../domain/registrations-stream.js';

/** Events that hold only ids and tell every service to forget: they stay. */
const KEEP = new Set<string>([EVENT_TYPES.registrationErased, EVENT_TYPES.registrationsErased]);

/** Whether an event (its subject and JSON text) is about one of the sign-ups or emails. */
export function aboutTarget(subject: string, text: string, target: PurgeTarget): boolean {
  if (KEEP.has(subject)) return false;
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    return false;
  }
  if (target.emails.some((e) => jsonHoldsEmail(event, e))) return true;
  const data = (
    event as {
      data?: { registrationId?: unknown; target?: { type?: unknown; id?: unknown } };
    } | null
  )?.data;
  if (typeof data?.registrationId === 'number' && target.ids.has(data.registrationId)) return true;
  return data?.target?.type === 'registration' && target.ids.has(Number(data.target.id));
}

/**
 * R-PRIVACY-ERASE, R-RETENTION-STREAMS: the REGISTRATIONS stream's messages about erased
 * sign-ups go as soon as every consumer has handled them, not only after the stream's 7 days.
 */
export function streamPurge(nc: NatsConnection, logger: Logger): RegistrationsStream {
  return {
    async purge(target, waitMs) {
      if (target.ids.size === 0 && target.emails.length === 0) return { deleted: 0, pending: 0 };
      return purgeStreamMessages(
        nc,
        'REGISTRATIONS',
        (subject, text) => aboutTarget(subject, text, target),
        logger,
        waitMs,
      );
    },
  };
}
