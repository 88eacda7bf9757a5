import {
  RPC_SUBJECTS,
  activityCountsLookup,
  activitySignupsRequestSchema,
  drawCommitmentLookup,
  drawStateLookup,
} from '@nsa/contracts';
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

/**
 * R-FRESH-LISTS: the sign-up counts of activities and the draws of blocks as they are now, for
 * catalog's lists and views, so a change answered here shows there on the next request.
 */
export function serveListAnswers(
  nc: NatsConnection,
  review: Pick<Review, 'countsOf'>,
  lottery: Pick<Lottery, 'states'>,
  logger: Logger,
): { stop(): void } {
  const counts = serveLookup(
    nc,
    RPC_SUBJECTS.activityCounts,
    'registrations',
    activityCountsLookup,
    (activityIds) => review.countsOf(activityIds),
    logger,
  );
  const draws = serveLookup(
    nc,
    RPC_SUBJECTS.draws,
    'registrations',
    drawStateLookup,
    (blockIds) => lottery.states(blockIds),
    logger,
  );
  return {
    stop: () => {
      counts.stop();
      draws.stop();
    },
  };
}
