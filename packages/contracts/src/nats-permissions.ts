import { SERVICE_NAMES, type ServiceName } from './health.js';
import { STREAMS } from './events.js';

/** What one NATS user may publish and subscribe to (nats-server's `permissions`). */
export interface NatsPermissions {
  publish: { allow: string[]; deny: string[] };
  subscribe: { allow: string[]; deny: string[] };
}

/** The stream each service's events go to (its subjects are `<service>.>`). */
const OWN_STREAM: Record<ServiceName, string> = {
  catalog: STREAMS.CATALOG.name,
  registrations: STREAMS.REGISTRATIONS.name,
  identity: STREAMS.IDENTITY.name,
  notify: STREAMS.NOTIFY.name,
};

/**
 * R-NATS-USERS: each service connects as its own NATS user and may publish only its own events
 * (`<service>.>`), ask any owner (`rpc.>`) but answer only as itself (subscribe `rpc.<service>.>`:
 * nobody else can answer a session question for identity or an activity question for catalog),
 * use JetStream's API for streams and consumers but never delete or purge a stream, and delete
 * single messages (erasure) only in its own stream. Replies travel on `_INBOX.>`.
 */
export function natsPermissions(service: ServiceName): NatsPermissions {
  const others = Object.values(OWN_STREAM).filter((s) => s !== OWN_STREAM[service]);
  return {
    publish: {
      allow: [`${service}.>`, 'rpc.>', '_INBOX.>', '$JS.API.>', '$JS.ACK.>', '$JS.FC.>'],
      deny: [
        '$JS.API.STREAM.DELETE.>',
        '$JS.API.STREAM.PURGE.>',
        ...others.map((s) => `$JS.API.STREAM.MSG.DELETE.${s}`),
      ],
    },
    subscribe: {
      allow: ['_INBOX.>', `rpc.${service}.>`],
      deny: [],
    },
  };
}

/** Every service's user name is its name. */
export const NATS_USERS: readonly ServiceName[] = SERVICE_NAMES;
