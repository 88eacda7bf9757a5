import { RPC_SUBJECTS, activitySignupsReplySchema, drawCommitmentLookup } from '@nsa/contracts';
import { AppError, OwnerLookup, type ServiceContext } from '@nsa/service-kit';
import { MSG } from '../../domain/messages.js';

/** Asks svc-registrations how many sign-ups an activity has, right now. */
export function signupCounter(ctx: ServiceContext) {
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
