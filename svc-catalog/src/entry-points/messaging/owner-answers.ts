import { RPC_SUBJECTS, activityLookup, providerLinkLookup } from '@nsa/contracts';
import { serveLookup, type Logger, type NatsConnection } from '@nsa/service-kit';
import type { OwnerAnswers } from '../../domain/owner-answers.js';

/** Serves the owner's answers over request-reply, in the queue group of svc-catalog's replicas. */
export function serveOwnerAnswers(
  nc: NatsConnection,
  answers: OwnerAnswers,
  logger: Logger,
): { stop(): void } {
  const served = [
    serveLookup(
      nc,
      RPC_SUBJECTS.activities,
      'catalog',
      activityLookup,
      (ids) => answers.activitiesNow(ids),
      logger,
    ),
    serveLookup(
      nc,
      RPC_SUBJECTS.providerLinks,
      'catalog',
      providerLinkLookup,
      (ids) => answers.providerLinksNow(ids),
      logger,
    ),
  ];
  return { stop: () => served.forEach((s) => s.stop()) };
}
