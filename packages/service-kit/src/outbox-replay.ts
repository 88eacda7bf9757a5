import type { NatsConnection } from './nats.js';
import { acrossOrganisations, QueryTypes, type Sequelize } from './db.js';
import type { Logger } from './logger.js';

/**
 * How far back the outbox publishes again after a start or a reconnect to NATS. A JetStream
 * cluster fsyncs its stores once a second (`sync_interval: 1s`, docs/architecture.md), so an
 * event it acknowledged less than a second before every node lost power can be gone; ten
 * seconds covers that second, the relay's gathering and a clock a few seconds apart.
 */
export const REPLAY_WINDOW_MS = 10_000;

/**
 * Marks the outbox rows published in the last `windowMs` as not yet published, so the relay
 * sends them again. An event the stream still holds is dropped by its `Nats-Msg-Id` (duplicate
 * window 2 h); one it lost is stored again; consumers drop an event id they processed and
 * svc-notify sends an email once per event and kind (R-EMAIL-ONCE). Returns how many rows.
 */
export async function replayRecent(
  sequelize: Sequelize,
  windowMs = REPLAY_WINDOW_MS,
): Promise<number> {
  const rows = await acrossOrganisations(sequelize, (transaction) =>
    sequelize.query<{ n: number }>(
      `WITH again AS (UPDATE outbox SET published_at = NULL
         WHERE published_at > now() - make_interval(secs => :secs) RETURNING 1)
       SELECT count(*)::int AS n FROM again`,
      { replacements: { secs: windowMs / 1000 }, type: QueryTypes.SELECT, transaction },
    ),
  );
  return rows[0]?.n ?? 0;
}

/**
 * R-EVENT-REPLAY: publishes the last seconds of events again when the service starts and each
 * time its connection to NATS comes back, the two moments after which a stream may have lost
 * what it acknowledged last (a power failure of the nodes, or of the whole machine).
 */
export function replayAfterReconnect(opts: {
  sequelize: Sequelize;
  nc: NatsConnection;
  logger: Logger;
  kick: () => void;
  windowMs?: number;
}): { stop(): Promise<void> } {
  const { sequelize, nc, logger, kick } = opts;
  const replay = async (why: string): Promise<void> => {
    try {
      const events = await replayRecent(sequelize, opts.windowMs);
      if (events > 0) logger.info({ events, why }, 'outbox: recent events published again');
      kick();
    } catch (err) {
      // The database may be away as well; the next reconnect (or start) tries again.
      logger.warn({ err: (err as Error).message, why }, 'outbox: replay failed');
    }
  };
  let stopped = false;
  const started = replay('start');
  // The status stream ends when the connection closes, after the service stopped this.
  void (async () => {
    for await (const s of nc.status()) {
      if (stopped) return;
      if (s.type === 'reconnect') await replay('reconnect');
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await started;
    },
  };
}
