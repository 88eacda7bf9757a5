import {
  connect,
  headers as natsHeaders,
  nanos,
  type MsgHdrs,
  type NatsConnection,
} from '@nats-io/transport-node';
import { jetstreamManager, StorageType } from '@nats-io/jetstream';
import { DUPLICATE_WINDOW_MS, NATS_HEADERS, STREAMS } from '@nsa/contracts';
import type { Logger } from './logger.js';

export type { NatsConnection };

/** Connects and keeps reconnecting for as long as the service runs. */
export async function connectNats(
  url: string,
  name: string,
  logger: Logger,
  auth?: { user?: string; pass?: string },
): Promise<NatsConnection> {
  const nc = await connect({
    servers: url.split(','),
    name,
    ...(auth?.user ? { user: auth.user, pass: auth.pass } : {}),
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
    pingInterval: 10_000,
  });
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect') logger.warn({ nats: s.type }, 'nats');
    }
  })();
  return nc;
}

/**
 * Creates the product's streams when absent and keeps their duplicate window,
 * so a re-published event id is dropped. Safe to run from every service at once.
 */
export async function ensureStreams(nc: NatsConnection, replicas: number): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const stream of Object.values(STREAMS)) {
    const config = {
      name: stream.name,
      subjects: [...stream.subjects],
      storage: StorageType.File,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      num_replicas: replicas,
      // R-RETENTION-STREAMS: a stream with personal data keeps a message at most 7 days.
      max_age: 'maxAgeMs' in stream ? nanos(stream.maxAgeMs) : 0,
    };
    try {
      const info = await jsm.streams.info(stream.name);
      if (
        info.config.duplicate_window !== config.duplicate_window ||
        info.config.max_age !== config.max_age
      ) {
        await jsm.streams.update(stream.name, {
          duplicate_window: config.duplicate_window,
          max_age: config.max_age,
        });
      }
    } catch (err) {
      if (!isNotFound(err)) throw err;
      try {
        await jsm.streams.add(config);
      } catch (addErr) {
        // Another service created it between our look and our add.
        if (!/already in use/i.test(String(addErr))) throw addErr;
      }
    }
  }
}

function isNotFound(err: unknown): boolean {
  return /not found/i.test(String((err as Error)?.message ?? err));
}

export function requestIdHeaders(requestId: string | undefined): MsgHdrs | undefined {
  if (!requestId) return undefined;
  const h = natsHeaders();
  h.set(NATS_HEADERS.requestId, requestId);
  return h;
}
