import { QueryTypes } from '@nsa/service-kit';
import { RPC_SUBJECTS, activitySignupsRequestSchema } from '@nsa/contracts';
import type { ServiceContext } from '@nsa/service-kit';

/**
 * Answers checks other services need exact right now. A queue group spreads
 * requests over replicas; a bad request gets an error reply, never a crash.
 */
export function startResponders(ctx: ServiceContext): { stop(): void } {
  const sub = ctx.nc.subscribe(RPC_SUBJECTS.activitySignups, { queue: 'registrations' });
  void (async () => {
    for await (const msg of sub) {
      try {
        const { activityId } = activitySignupsRequestSchema.parse(msg.json());
        const [row] = await ctx.sequelize.query<{ n: string }>(
          'SELECT count(*) AS n FROM registrations WHERE activity_id = :activityId',
          { replacements: { activityId }, type: QueryTypes.SELECT },
        );
        msg.respond(JSON.stringify({ count: Number(row?.n ?? 0) }));
      } catch (err) {
        ctx.logger.warn({ err: (err as Error).message }, 'activity-signups request failed');
        msg.respond(JSON.stringify({ error: 'bad request' }));
      }
    }
  })();
  return { stop: () => sub.unsubscribe() };
}
