import { connect, createInbox, nanos, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import {
  DUPLICATE_WINDOW_MS,
  SERVICE_NAMES,
  STREAMS,
  natsInboxPrefix,
  type ServiceName,
  type StreamName,
} from '@nsa/contracts';
import type { Logger } from './logger.js';

export type { NatsConnection };

/**
 * Connects and keeps reconnecting for as long as the service runs. A service's own user gets
 * its own reply subjects (`_INBOX_<service>`, R-NATS-USERS): the only ones it may listen on.
 * With `tlsCaFile` the connection is TLS, the server's certificate checked against that CA
 * (R-NATS-ROUTES: NATS in Kubernetes takes TLS connections only).
 */
export async function connectNats(
  url: string,
  name: string,
  logger: Logger,
  auth?: { user?: string; pass?: string; tlsCaFile?: string },
): Promise<NatsConnection> {
  const nc = await connect({
    servers: url.split(','),
    name,
    ...(auth?.user ? { user: auth.user, pass: auth.pass } : {}),
    ...(auth?.tlsCaFile ? { tls: { caFile: auth.tlsCaFile } } : {}),
    ...(auth?.user && (SERVICE_NAMES as readonly string[]).includes(auth.user)
      ? { inboxPrefix: natsInboxPrefix(auth.user as ServiceName) }
      : {}),
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

/** A stream as the contract defines it (the same wherever it is created). */
function streamConfig(name: StreamName, replicas: number) {
  const stream = STREAMS[name];
  return {
    name: stream.name,
    subjects: [...stream.subjects],
    storage: StorageType.File,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    num_replicas: replicas,
    // R-RETENTION-STREAMS: a stream with personal data keeps a message at most 7 days.
    max_age: 'maxAgeMs' in stream ? nanos(stream.maxAgeMs) : 0,
  };
}

/**
 * Creates the given streams (by default all; a service passes its own) when absent and keeps
 * their duplicate window and age limit, so a re-published event id is dropped. Safe to run from
 * every replica at once.
 */
export async function ensureStreams(
  nc: NatsConnection,
  replicas: number,
  streams: readonly StreamName[] = Object.keys(STREAMS) as StreamName[],
): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const name of streams) {
    const config = streamConfig(name, replicas);
    try {
      const info = await jsm.streams.info(config.name);
      if (
        info.config.duplicate_window !== config.duplicate_window ||
        info.config.max_age !== config.max_age
      ) {
        await jsm.streams.update(config.name, {
          duplicate_window: config.duplicate_window,
          max_age: config.max_age,
        });
      }
    } catch (err) {
      if (!isNotFound(err)) throw err;
      await createStream(jsm, name, replicas);
    }
  }
}

/**
 * Creates a stream as the contract defines it unless it exists. A consumer on another service's
 * stream calls it when that service has not started yet; with an existing stream nats-server
 * changes nothing (the same config) or refuses (another config), so no reader can edit a stream
 * that is not its own (R-NATS-USERS).
 */
export async function createStream(
  jsm: JetStreamManager,
  name: StreamName,
  replicas: number,
): Promise<void> {
  try {
    await jsm.streams.add(streamConfig(name, replicas));
  } catch (err) {
    // Another service created it between our look and our add, or it has its owner's settings.
    if (!/already in use/i.test(String(err))) throw err;
  }
}

export function isNotFound(err: unknown): boolean {
  return /not found/i.test(String((err as Error)?.message ?? err));
}

/**
 * A fresh reply subject under the connection's inbox prefix (`_INBOX_<service>` for a service's
 * own user), as the nats client makes its own: the only ones the service may listen on. The
 * client keeps the prefix in its options, where the JetStream client reads it too.
 */
export function newInbox(nc: NatsConnection): string {
  return createInbox((nc as { options?: { inboxPrefix?: string } }).options?.inboxPrefix);
}
