import { RPC_SUBJECTS, activitySignupsRequestSchema, drawCommitmentLookup } from '@nsa/contracts';
import { serveLookup, type Logger, type NatsConnection } from '@nsa/service-kit';
import type { Lottery } from '../../domain/lottery.js';
import type { Review } from '../../domain/review.js';

/**
 * Answers checks other services need exact right now. A queue group spreads
 * requests over replicas; a bad request gets an error reply, never a crash.
 */
export function startResponders(
  nc: NatsConnection,
  review: Pick<Review, 'signupsOf'>,
  logger: Logger,
): { stop(): void } {
  const sub = nc.subscribe(RPC_SUBJECTS.activitySignups, { queue: 'registrations' });
  void (async () => {
    for await (const msg of sub) {
      try {
        const { activityId } = activitySignupsRequestSchema.parse(msg.json());
        msg.respond(JSON.stringify({ count: await review.signupsOf(activityId) }));
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'activity-signups request failed');
        msg.respond(JSON.stringify({ error: 'bad request' }));
      }
    }
  })();
  return { stop: () => sub.unsubscribe() };
}

/** R-DRAW-COMMIT: a lottery block's seed commitment, for the catalog write that gives it. */
export function serveDrawCommitments(
  nc: NatsConnection,
  lottery: Pick<Lottery, 'commitments'>,
  logger: Logger,
): { stop(): void } {
  return serveLookup(
    nc,
    RPC_SUBJECTS.drawCommitments,
    'registrations',
    drawCommitmentLookup,
    (blockIds) => lottery.commitments(blockIds),
    logger,
  );
}
