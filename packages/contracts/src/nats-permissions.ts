import { SERVICE_NAMES, type ServiceName } from './health.js';
import { RPC_SUBJECTS, STREAMS, type StreamName } from './events.js';
import { PLATFORM_RPC_SUBJECTS } from './platform.js';
import { PRIVACY_RPC_SUBJECTS } from './privacy.js';

/**
 * What one NATS user may publish and subscribe to (nats-server's `permissions`).
 * `allow_responses`: it may answer each question delivered to it, once, within `expires`, on the
 * asker's reply subject, without any right to publish to the asker's inbox otherwise.
 */
export interface NatsPermissions {
  publish: { allow: string[]; deny: string[] };
  subscribe: { allow: string[]; deny: string[] };
  allow_responses: { max: number; expires: string };
}

/** A durable pull consumer: the stream it reads and its name there. */
export interface NatsConsumerUse {
  stream: StreamName;
  durable: string;
}

/** What a service does on NATS; its permissions follow from this and nothing else. */
export interface NatsUse {
  /**
   * The stream its events go to (subjects `<service>.>`); it creates and updates it. Absent for
   * a service that publishes no events (it then has no stream of its own).
   */
  stream?: StreamName;
  /** Its durable consumers, on its own or another service's stream. */
  consumers: NatsConsumerUse[];
  /** The request subjects it asks on. */
  asks: string[];
  /** The request subjects it answers. */
  answers: string[];
  /** Whether it deletes single messages of its own stream (erasure, R-PRIVACY-ERASE). */
  erases: boolean;
}

/**
 * R-NATS-USERS: every service's use of NATS, built from its code (the consumers in its
 * `entry-points/messaging`, the `OwnerLookup`s and privacy requests it makes, the `serveLookup`
 * and `servePrivacy` it runs). Every service but svc-identity asks svc-identity about sessions
 * (the kit's session middleware, R-FRESH-SESSION) and about the organisation of a request's host
 * (the kit's organisation middleware, R-ORG-HOST). A service's integration tests run with these
 * permissions, so a use missing here fails them.
 */
export const NATS_USES: Record<ServiceName, NatsUse> = {
  catalog: {
    stream: 'CATALOG',
    consumers: [{ stream: 'REGISTRATIONS', durable: 'catalog' }],
    asks: [
      RPC_SUBJECTS.sessions,
      RPC_SUBJECTS.organisations,
      RPC_SUBJECTS.organisationById,
      RPC_SUBJECTS.activitySignups,
      RPC_SUBJECTS.drawCommitments,
      RPC_SUBJECTS.activityCounts,
      RPC_SUBJECTS.draws,
    ],
    answers: [
      RPC_SUBJECTS.activities,
      RPC_SUBJECTS.providerLinks,
      PLATFORM_RPC_SUBJECTS.counts.catalog,
      PLATFORM_RPC_SUBJECTS.erase.catalog,
    ],
    erases: false,
  },
  registrations: {
    stream: 'REGISTRATIONS',
    consumers: [
      { stream: 'CATALOG', durable: 'registrations' },
      { stream: 'NOTIFY', durable: 'registrations' },
    ],
    asks: [
      RPC_SUBJECTS.sessions,
      RPC_SUBJECTS.organisations,
      RPC_SUBJECTS.organisationIds,
      RPC_SUBJECTS.organisationById,
      RPC_SUBJECTS.activities,
      RPC_SUBJECTS.providerLinks,
      PRIVACY_RPC_SUBJECTS.notify,
      PRIVACY_RPC_SUBJECTS.identity,
    ],
    answers: [
      RPC_SUBJECTS.activitySignups,
      RPC_SUBJECTS.drawCommitments,
      RPC_SUBJECTS.activityCounts,
      RPC_SUBJECTS.draws,
      PLATFORM_RPC_SUBJECTS.counts.registrations,
      PLATFORM_RPC_SUBJECTS.erase.registrations,
    ],
    erases: true,
  },
  identity: {
    stream: 'IDENTITY',
    // R-AUDIT-STORE: every service's audit entries, one durable on each stream.
    consumers: (Object.keys(STREAMS) as StreamName[]).map((stream) => ({
      stream,
      durable: 'identity-audit',
    })),
    // R-PLATFORM-COUNTS, R-PLATFORM-DELETE: the platform's questions about an organisation.
    asks: [
      ...Object.values(PLATFORM_RPC_SUBJECTS.counts),
      ...Object.values(PLATFORM_RPC_SUBJECTS.erase),
    ],
    answers: [
      RPC_SUBJECTS.sessions,
      RPC_SUBJECTS.organisations,
      RPC_SUBJECTS.organisationIds,
      RPC_SUBJECTS.organisationById,
      PRIVACY_RPC_SUBJECTS.identity,
    ],
    erases: false,
  },
  notify: {
    stream: 'NOTIFY',
    consumers: [
      { stream: 'REGISTRATIONS', durable: 'notify' },
      { stream: 'IDENTITY', durable: 'notify' },
    ],
    asks: [
      RPC_SUBJECTS.sessions,
      RPC_SUBJECTS.organisations,
      RPC_SUBJECTS.organisationIds,
      RPC_SUBJECTS.organisationById,
    ],
    answers: [PRIVACY_RPC_SUBJECTS.notify, PLATFORM_RPC_SUBJECTS.erase.notify],
    erases: false,
  },
};

/**
 * The prefix of a service's reply subjects (the nats client's `inboxPrefix`): only that service
 * may subscribe to them, so no other reads the answers it gets (a session's email and role).
 */
export function natsInboxPrefix(service: string): string {
  return `_INBOX_${service}`;
}

/** The stream a service's events go to, if it has one. */
export function ownStream(service: string): StreamName | undefined {
  return (SERVICE_NAMES as readonly string[]).includes(service)
    ? NATS_USES[service as ServiceName].stream
    : undefined;
}

/**
 * R-NATS-USERS: a service connects as its own NATS user and may
 * - publish its own events (`<service>.>`, when it has a stream) and nothing into another's stream;
 * - use the JetStream API only on its own stream (create, update, info; with `erases`, read and
 *   delete single messages and list its consumers) and on its own durables (create or update,
 *   info, fetch, ack), wherever they read. It may create a stream it reads when the stream does
 *   not exist yet (as the contract defines it; an existing stream is never changed by a create).
 *   Nobody edits, deletes or purges another's stream, nor touches another's consumer;
 * - ask only the request subjects it calls, listen only on those it answers, and answer a
 *   question only on the reply subject that came with it (`allow_responses`);
 * - receive replies only under its own inbox prefix (`_INBOX_<service>`).
 */
export function natsPermissions(service: ServiceName): NatsPermissions {
  return natsPermissionsOf(service, NATS_USES[service]);
}

/** The permissions that follow from a use of NATS (natsPermissions of a service's own use). */
export function natsPermissionsOf(service: string, use: NatsUse): NatsPermissions {
  const own = use.stream === undefined ? undefined : STREAMS[use.stream].name;
  const read = [...new Set(use.consumers.map((c) => STREAMS[c.stream].name))].filter(
    (s) => s !== own,
  );
  const api = '$JS.API';
  const ownApi =
    own === undefined
      ? []
      : [
          `${api}.STREAM.CREATE.${own}`,
          `${api}.STREAM.UPDATE.${own}`,
          `${api}.STREAM.INFO.${own}`,
          ...(use.erases
            ? [
                `${api}.STREAM.MSG.GET.${own}`,
                `${api}.STREAM.MSG.DELETE.${own}`,
                `${api}.CONSUMER.LIST.${own}`,
              ]
            : []),
        ];
  return {
    publish: {
      allow: [
        ...(use.stream === undefined ? [] : STREAMS[use.stream].subjects),
        ...use.asks,
        `${api}.INFO`,
        ...ownApi,
        ...read.map((s) => `${api}.STREAM.CREATE.${s}`),
        ...use.consumers.flatMap(({ stream, durable }) => {
          const s = STREAMS[stream].name;
          return [
            // Without a filter, or with one (nats-server 2.9+ takes it as the last tokens).
            `${api}.CONSUMER.CREATE.${s}.${durable}`,
            `${api}.CONSUMER.CREATE.${s}.${durable}.>`,
            `${api}.CONSUMER.INFO.${s}.${durable}`,
            `${api}.CONSUMER.MSG.NEXT.${s}.${durable}`,
            `$JS.ACK.${s}.${durable}.>`,
          ];
        }),
      ],
      deny: [],
    },
    subscribe: {
      allow: [`${natsInboxPrefix(service)}.>`, ...use.answers],
      deny: [],
    },
    // The longest question (a privacy request) waits 10 s for its answer.
    allow_responses: { max: 1, expires: '1m' },
  };
}
