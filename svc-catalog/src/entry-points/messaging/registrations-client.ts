import {
  RPC_SUBJECTS,
  activityCountsLookup,
  activitySignupsReplySchema,
  drawCommitmentLookup,
  drawStateLookup,
} from '@nsa/contracts';
import { AppError, OwnerLookup, type ServiceContext } from '@nsa/service-kit';
import type { RegistrationsNow } from '../../domain/fresh-views.js';
import { MSG } from '../../domain/messages.js';

/**
 * How long a question for svc-registrations' counts and draws may take; a list asks again for
 * twice this long before it shows the projection's instead (R-FRESH-LISTS).
 */
export const LIST_ANSWER_TIMEOUT_MS = 500;

/** Asks svc-registrations how many sign-ups an activity has, right now. */
export function signupCounter(ctx: Pick<ServiceContext, 'nc' | 'logger'>) {
  return async (activityId: number): Promise<number> => {
    try {
      const reply = await ctx.nc.request(
        RPC_SUBJECTS.activitySignups,
        JSON.stringify({ activityId }),
        { timeout: 3000 },
      );
      return activitySignupsReplySchema.parse(reply.json()).count;
    } catch (err) {
      ctx.logger.warn({ err: (err as Error).message }, 'sign-up count request failed');
      throw new AppError('SERVICE_UNAVAILABLE', 503, MSG.signupsUnknown);
    }
  };
}

/**
 * Asks svc-registrations, the seed's owner, for a lottery block's seed commitment (R-DRAW-COMMIT);
 * 503 when it cannot be asked.
 */
export function drawCommitments(ctx: Pick<ServiceContext, 'nc' | 'logger'>) {
  const lookup = new OwnerLookup(
    ctx.nc,
    RPC_SUBJECTS.drawCommitments,
    drawCommitmentLookup,
    ctx.logger,
    { unavailable: MSG.drawUnavailable },
  );
  return async (blockId: number): Promise<string | null> =>
    (await lookup.get(blockId))?.seedHash ?? null;
}

/**
 * Asks svc-registrations for the sign-up counts of activities and the draws of blocks as they
 * are now (R-FRESH-LISTS). Questions of lists that arrive together go as one; every answer was
 * read after its question was asked.
 */
export function registrationsNow(ctx: Pick<ServiceContext, 'nc' | 'logger'>): RegistrationsNow {
  const opts = { timeoutMs: LIST_ANSWER_TIMEOUT_MS };
  const counts = new OwnerLookup(
    ctx.nc,
    RPC_SUBJECTS.activityCounts,
    activityCountsLookup,
    ctx.logger,
    opts,
  );
  const draws = new OwnerLookup(ctx.nc, RPC_SUBJECTS.draws, drawStateLookup, ctx.logger, opts);
  const none = { approved: 0, offered: 0, waitlisted: 0, registrations: 0 };
  return {
    counts: async (ids) =>
      (await Promise.all(ids.map((id) => counts.get(id)))).map((c) => c ?? none),
    draws: (ids) => Promise.all(ids.map((id) => draws.get(id))),
  };
}
