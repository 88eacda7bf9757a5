import {
  ORGANISATION_ANSWER_REUSE_MS,
  RPC_SUBJECTS,
  organisationByIdLookup,
  organisationIdsLookup,
  organisationLookup,
  type OrganisationAnswer,
  type OrganisationProfile,
  type OrganisationStatus,
} from '@nsa/contracts';
import type { Request, RequestHandler } from 'express';
import type { NatsConnection } from '@nats-io/transport-node';
import { currentOrganisation, withOrganisation } from './context.js';
import { AppError } from './errors.js';
import type { Logger } from './logger.js';
import { OwnerLookup, askBehind, type ReusedAnswer } from './owner.js';

/**
 * Where a service learns which organisation a host name belongs to (R-ORG-HOST): svc-identity,
 * asked over NATS (an `OwnerLookup` of `rpc.identity.organisations`), or in svc-identity its
 * own tables. Null: no organisation answers for it yet.
 */
export interface OrganisationSource {
  get(host: string): Promise<OrganisationAnswer | null>;
  /** The ids of the organisations in `status`, as svc-identity has them now (R-ORG-JOBS). */
  ids(status: OrganisationStatus): Promise<number[]>;
  /** The organisation with `id`; null for an id no organisation has (R-ORG-LINKS). */
  byId(id: number): Promise<OrganisationProfile | null>;
}

/**
 * Every service but svc-identity asks svc-identity (R-ORG-HOST), and uses an answer again for
 * ORGANISATION_ANSWER_REUSE_MS: a host or status change is confirmed only after that long. An
 * identity that cannot answer for twice the owner's time-out is a 503, as for a session.
 */
export function askIdentityForOrganisations(
  nc: NatsConnection,
  logger: Logger,
): OrganisationSource {
  const owner = new OwnerLookup(nc, RPC_SUBJECTS.organisations, organisationLookup, logger, {
    reuseForMs: ORGANISATION_ANSWER_REUSE_MS,
  });
  const lists = new OwnerLookup(nc, RPC_SUBJECTS.organisationIds, organisationIdsLookup, logger, {
    reuseForMs: ORGANISATION_ANSWER_REUSE_MS,
  });
  const byId = new OwnerLookup(nc, RPC_SUBJECTS.organisationById, organisationByIdLookup, logger, {
    reuseForMs: ORGANISATION_ANSWER_REUSE_MS,
  });
  return {
    get: (host) => owner.get(host),
    ids: async (status) => (await lists.get(status))?.ids ?? [],
    byId: (id) => byId.get(id),
  };
}

/**
 * svc-identity reads its own tables (`byHosts`), with the same reuse as the other services: at
 * most two reads per host for ORGANISATION_ANSWER_REUSE_MS, however many requests come in the
 * meantime, the second behind the first's answer once half the time is over.
 */
export function reusedOrganisationAnswers(
  byHosts: (hosts: string[]) => Promise<Array<OrganisationAnswer | null>>,
  ids: (status: OrganisationStatus) => Promise<number[]>,
  byId: (id: number) => Promise<OrganisationProfile | null>,
): OrganisationSource {
  const recent = new Map<string, { answer: Promise<OrganisationAnswer | null> } & ReusedAnswer>();
  return {
    ids,
    byId,
    get(host) {
      const now = Date.now();
      const known = recent.get(host);
      if (known && now - known.askedAt < ORGANISATION_ANSWER_REUSE_MS) {
        // Read again behind it, as OwnerLookup asks again, taking its place once read.
        askBehind(known, now, ORGANISATION_ANSWER_REUSE_MS, () =>
          byHosts([host]).then(([a]) => {
            if (recent.get(host) !== known) return;
            if (a) recent.set(host, { answer: Promise.resolve(a), askedAt: now });
            else recent.delete(host);
          }),
        );
        return known.answer;
      }
      const answer = byHosts([host]).then(([a]) => a ?? null);
      recent.set(host, { answer, askedAt: now });
      // A failed read or "unknown" is never used again: the next request reads afresh.
      answer.then(
        (a) => {
          if (a === null && recent.get(host)?.answer === answer) recent.delete(host);
        },
        () => {
          if (recent.get(host)?.answer === answer) recent.delete(host);
        },
      );
      if (recent.size > 10_000) recent.delete(recent.keys().next().value!);
      return answer;
    },
  };
}

/**
 * A host as organisations hold it: lower case, without port or trailing dot (an IPv6 literal
 * keeps its brackets). No host at all is nginx's `_`, as the gateway forwards it.
 */
export function normaliseHost(raw: string): string {
  let host = raw.trim().toLowerCase();
  host = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return host.replace(/\.$/, '') || '_';
}

/**
 * The host name a request's organisation is found by: the gateway's `X-Organisation-Host` when
 * the request came from a trusted proxy (the app's `trust proxy`, R-TRUST-PROXY), otherwise its
 * own `Host`. A client that reaches a service directly cannot choose a host by header.
 */
export function requestHost(req: Request): string {
  const trusted = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const forwarded = req.headers['x-organisation-host'];
  const viaGateway = typeof forwarded === 'string' && trusted(req.socket.remoteAddress ?? '', 0);
  return normaliseHost(viaGateway ? forwarded : (req.headers.host ?? ''));
}

/**
 * Runs the rest of each request as work of its organisation (`withOrganisation`), found by its
 * host (R-ORG-HOST). A suspended organisation answers 403 `ORGANISATION_SUSPENDED` except on
 * the paths `open` lets through; no answer (or an owner that cannot answer) is 503. `skip`:
 * paths that belong to no organisation (probes), passed on untouched.
 */
export function organisationContext(
  source: Pick<OrganisationSource, 'get'>,
  opts: { skip?: (path: string) => boolean; open?: (path: string) => boolean } = {},
): RequestHandler {
  return (req, _res, next) => {
    if (opts.skip?.(req.path)) return next();
    source.get(requestHost(req)).then((organisation) => {
      if (!organisation) return next(new AppError('SERVICE_UNAVAILABLE', 503));
      if (organisation.status !== 'active' && !opts.open?.(req.path)) {
        return next(AppError.forbidden(undefined, 'ORGANISATION_SUSPENDED'));
      }
      withOrganisation(organisation.id, next);
    }, next);
  };
}

/**
 * R-ORG-JOBS: background work (a sweep, a freeze, a retention run) done for every organisation
 * in the statuses it names, one organisation after the other, each as that organisation's work
 * (`withOrganisation`), so each of its transactions sees that organisation's rows alone. One
 * organisation's failure is logged and the others still get their turn; the round then fails
 * with the first error, to be tried again. When svc-identity cannot say which organisations
 * there are, the last list it gave is used (organisation 1 before it ever answered, as a
 * release before organisations has only that one).
 */
export class EveryOrganisation {
  private readonly known = new Map<OrganisationStatus, number[]>();

  constructor(
    private readonly source: Pick<OrganisationSource, 'ids'>,
    private readonly logger: Logger,
  ) {}

  /** The ids of the organisations in these statuses, in order. */
  async ids(statuses: readonly OrganisationStatus[]): Promise<number[]> {
    const all = new Set<number>();
    for (const status of statuses) {
      let ids: number[];
      try {
        ids = await this.source.ids(status);
        this.known.set(status, ids);
      } catch (err) {
        ids = this.known.get(status) ?? (status === 'active' ? [1] : []);
        this.logger.warn(
          { err: (err as Error).message, status },
          'organisations unknown; background work goes on with the last list',
        );
      }
      for (const id of ids) all.add(id);
    }
    return [...all].sort((a, b) => a - b);
  }

  /** Runs `work` once per organisation in these statuses; answers each one's result by id. */
  async run<T>(
    statuses: readonly OrganisationStatus[],
    work: (organisationId: number) => Promise<T>,
  ): Promise<Map<number, T>> {
    const done = new Map<number, T>();
    let failed: Error | undefined;
    for (const id of await this.ids(statuses)) {
      try {
        done.set(id, await withOrganisation(id, () => work(id)));
      } catch (err) {
        failed ??= err as Error;
        this.logger.warn(
          { organisationId: id, err: (err as Error).message },
          "background work failed for an organisation; the others' goes on",
        );
      }
    }
    if (failed) throw failed;
    return done;
  }
}

/** The statuses whose organisations still keep data: retention runs for each of them. */
export const ORGANISATIONS_WITH_DATA: readonly OrganisationStatus[] = [
  'active',
  'suspended',
  'deleting',
];
/** The statuses whose organisations take sign-ups and send emails: their sweeps run. */
export const ORGANISATIONS_AT_WORK: readonly OrganisationStatus[] = ['active'];

/**
 * R-ORG-LINKS: where the pages of the organisation whose work is under way are, for the links a
 * service makes (a parent's link, a provider link, a school's sign-up link, a password link):
 * the deployment's `PUBLIC_BASE_URL` for organisation 1 (and for work of none), another
 * organisation's own public address as svc-identity has it. Without svc-identity's answer no
 * link is made (503): a link on another organisation's address would open nothing there. Once
 * known, an organisation is answered at once and asked about again in the background at most
 * every ORGANISATION_ANSWER_REUSE_MS, so a link made inside a transaction waits on svc-identity
 * only the first time. An address or a name is no access decision: a link on an address changed
 * a moment ago still names its own organisation's token.
 */
export class PublicAddress {
  private readonly known = new Map<number, { profile: OrganisationProfile; at: number }>();

  constructor(
    private readonly source: Pick<OrganisationSource, 'byId'>,
    private readonly deploymentBaseUrl: string,
  ) {}

  /** The address, without a trailing slash. */
  async current(): Promise<string> {
    const further = await this.further();
    return (further?.publicBaseUrl ?? this.deploymentBaseUrl).replace(/\/$/, '');
  }

  /** The host name in it (a two-step login's issuer, R-TOTP). */
  async host(): Promise<string> {
    return new URL(await this.current()).host;
  }

  /**
   * The work's organisation as svc-identity has it (its name and contact address for its
   * emails, R-ORG-EMAILS); undefined for organisation 1 and work of none, whose settings are
   * the deployment's own.
   */
  async further(): Promise<OrganisationProfile | undefined> {
    const id = currentOrganisation() ?? 1;
    if (id === 1) return undefined;
    const known = this.known.get(id);
    if (!known) return this.ask(id);
    // A failed refresh keeps the organisation known; the next link asks again.
    if (Date.now() - known.at >= ORGANISATION_ANSWER_REUSE_MS) this.ask(id).catch(() => undefined);
    return known.profile;
  }

  /**
   * The work's organisation as svc-identity has it now, asked each time: for work that acts on
   * its settings (how long its sign-ups are kept, R-ORG-SETTINGS) rather than only naming it;
   * undefined for organisation 1 and work of none.
   */
  async furtherNow(): Promise<OrganisationProfile | undefined> {
    const id = currentOrganisation() ?? 1;
    return id === 1 ? undefined : this.ask(id);
  }

  private async ask(id: number): Promise<OrganisationProfile> {
    const profile = await this.source.byId(id);
    if (!profile) throw new AppError('SERVICE_UNAVAILABLE', 503);
    this.known.set(id, { profile, at: Date.now() });
    return profile;
  }
}
