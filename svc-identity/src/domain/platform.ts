import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ORGANISATION_ANSWER_REUSE_MS,
  VALIDATION_MESSAGES,
  type NewOrganisationInput,
  type OrganisationPatch,
  type PlatformAuditPageAnswer,
  type PlatformOrganisation,
  type PlatformSession,
} from '@nsa/contracts';
import {
  AppError,
  auditChanges,
  withOrganisation,
  type Logger,
  type Transaction,
  type Transactor,
} from '@nsa/service-kit';
import type { AuditEntryRepository } from '../data-access/audit-entries.js';
import type { LoginFailureRepository } from '../data-access/login-failures.js';
import {
  OrganisationTaken,
  type NewOrganisation,
  type OrganisationRepository,
} from '../data-access/organisations.js';
import type { PlatformAdminRepository } from '../data-access/platform-admins.js';
import type {
  NewPlatformAuditEntry,
  PlatformAuditRepository,
} from '../data-access/platform-audit.js';
import type { Accounts } from './accounts.js';
import { MSG } from './messages.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { newSecretToken, sha256 } from './tokens.js';

/** Who did something on the platform: its administrator, or null for the organisation program. */
export type PlatformActor = NewPlatformAuditEntry['actor'];

/** A platform session holds this long from its login (R-PLATFORM-ACCOUNTS). */
export const PLATFORM_SESSION_MS = 8 * 3_600_000;

export interface PlatformAccountsDeps {
  admins: PlatformAdminRepository;
  failures: Pick<LoginFailureRepository, 'reserve' | 'release'>;
  settings: { loginRateLimit: number; secret: string };
}

/**
 * R-PLATFORM-ACCOUNTS: the platform's administrators, apart from every organisation's: their
 * own table, login and session (a random token in its own cookie, kept as its SHA-256). Failed
 * logins count against the same limit per address and per client as an organisation's.
 */
export class PlatformAccounts {
  constructor(private readonly deps: PlatformAccountsDeps) {}

  /** Makes the administrator unless one has the address; answers whether it did. */
  async ensure(email: string, name: string, password: string): Promise<boolean> {
    if (await this.deps.admins.byEmail(email)) return false;
    return this.deps.admins.insertIfNew(email, name, await hashPassword(password));
  }

  /** Answers the new session's token and its administrator; 401 or 429 otherwise. */
  async login(
    input: { email: string; password: string },
    clientIp: string,
  ): Promise<{ token: string; session: PlatformSession }> {
    const { loginRateLimit, secret } = this.deps.settings;
    // Keyed apart from every organisation's addresses: one's failures lock no other.
    const key = createHmac('sha256', secret)
      .update(`platform\n${input.email.trim().toLowerCase()}`)
      .digest('hex');
    let attempt: string | undefined;
    if (loginRateLimit > 0) {
      const taken = await this.deps.failures.reserve(key, clientIp, loginRateLimit);
      if ('retryAt' in taken) {
        const retryAfter = Math.max(1, Math.ceil((taken.retryAt.getTime() - Date.now()) / 1000));
        throw new AppError('RATE_LIMITED', 429, undefined, undefined, {
          'Retry-After': String(retryAfter),
        });
      }
      attempt = taken.id;
    }
    const admin = await this.deps.admins.byEmail(input.email);
    const ok = await verifyPassword(admin?.passwordHash, input.password);
    if (!admin || !ok) throw AppError.unauthenticated(MSG.badCredentials);
    if (attempt !== undefined) await this.deps.failures.release(attempt);
    const token = newSecretToken();
    await this.deps.admins.startSession(admin.id, sha256(token), PLATFORM_SESSION_MS);
    return { token, session: { admin: { id: admin.id, email: admin.email, name: admin.name } } };
  }

  /** The session of a token, if it still holds. */
  async session(token: string | undefined): Promise<PlatformSession | undefined> {
    if (!token || token.length > 100) return undefined;
    const admin = await this.deps.admins.sessionAdmin(sha256(token));
    return admin ? { admin } : undefined;
  }

  async logout(token: string | undefined): Promise<void> {
    if (token && token.length <= 100) await this.deps.admins.endSession(sha256(token));
  }
}

/** Asks another service about organisations by id (its OwnerLookup over NATS). */
export interface PeerQuestion<V> {
  get(id: number): Promise<V | null>;
}

export interface PlatformDeps {
  db: Transactor;
  organisations: Pick<
    OrganisationRepository,
    | 'list'
    | 'listing'
    | 'create'
    | 'change'
    | 'remove'
    | 'adminCount'
    | 'eraseOwnRows'
    | 'stalledDeletions'
  >;
  accounts: Pick<Accounts, 'createFirstAdmin'>;
  /** The audit store, whose entries of a deleted organisation lose their actors. */
  audit: Pick<AuditEntryRepository, 'anonymiseOrganisation'>;
  /** The platform's own log (R-PLATFORM-AUDIT). */
  log: Pick<PlatformAuditRepository, 'record' | 'page' | 'deletionStarter'>;
  /** The other services' counts per organisation (catalog, registrations). */
  counts: Array<PeerQuestion<Record<string, number>>>;
  /** The other services' erasure of an organisation (catalog, registrations, notify). */
  erasers: Array<{ service: string; ask: PeerQuestion<{ rows: number }> }>;
  retentionMonths: number;
  logger: Logger;
}

/**
 * R-PLATFORM-LIST, R-PLATFORM-CREATE, R-PLATFORM-CHANGE, R-PLATFORM-DELETE: what the platform's
 * administrators do with the organisations. Organisation 1 is the deployment's own: listed,
 * never changed, suspended or deleted here.
 */
export class Platform {
  constructor(private readonly deps: PlatformDeps) {}

  async list(): Promise<PlatformOrganisation[]> {
    const all = await this.deps.organisations.list();
    return Promise.all(all.map(async (o) => ({ ...o, counts: await this.counts(o.id) })));
  }

  /** Numbers only: schools and activities, sign-ups, administrators. */
  private async counts(id: number): Promise<PlatformOrganisation['counts']> {
    const answers = await Promise.all(this.deps.counts.map((c) => c.get(id)));
    const merged: Record<string, number> = Object.assign({}, ...answers.map((a) => a ?? {}));
    const admins = await this.deps.organisations.adminCount(id);
    return {
      schools: merged.schools ?? 0,
      activities: merged.activities ?? 0,
      registrations: merged.registrations ?? 0,
      admins,
    };
  }

  /**
   * A new organisation with its hosts and first administrator, who is emailed a link to set a
   * password on the organisation's own address. A slug or host another holds is 409.
   */
  async create(
    input: NewOrganisationInput,
    actor: PlatformActor,
  ): Promise<{ id: number; slug: string }> {
    try {
      const { id } = await createOrganisation(
        this.deps,
        actor,
        { ...input, retentionMonths: this.deps.retentionMonths },
        () => this.deps.accounts.createFirstAdmin(input.firstAdmin.email, input.firstAdmin.name),
      );
      return { id, slug: input.slug };
    } catch (err) {
      if (err instanceof OrganisationTaken) throw AppError.conflict(MSG.organisationTaken);
      throw err;
    }
  }

  /** Its name, hosts or status, logged; holds for every service from the answer on. */
  async change(
    id: number,
    patch: OrganisationPatch,
    actor: PlatformActor,
  ): Promise<PlatformOrganisation> {
    const { organisations, db, log } = this.deps;
    await db.transaction(async (tx) => {
      const current = await this.changeable(id, tx);
      if (patch.hosts && !patch.hosts.includes(new URL(current.publicBaseUrl).hostname)) {
        throw AppError.validation({ hosts: VALIDATION_MESSAGES.publicAddressHost! });
      }
      try {
        await organisations.change(tx, id, patch);
      } catch (err) {
        if (err instanceof OrganisationTaken) throw AppError.conflict(MSG.organisationTaken);
        throw err;
      }
      const organisation = { id, slug: current.slug };
      const hosts = patch.hosts ? [...patch.hosts].sort() : current.hosts;
      // Both fields are shown with their values (none is personal).
      const changes = auditChanges(current, { ...current, ...patch, hosts }, [
        'name',
        'hosts',
      ]) as NewPlatformAuditEntry['changes'];
      if (changes && Object.keys(changes).length > 0) {
        await log.record({ actor, action: 'organisation.changed', organisation, changes }, tx);
      }
      if (patch.status && patch.status !== current.status) {
        const action =
          patch.status === 'active' ? 'organisation.resumed' : 'organisation.suspended';
        await log.record({ actor, action, organisation }, tx);
      }
    });
    // No service still uses an answer about its hosts or status from before (R-ORG-HOST).
    await sleep(ORGANISATION_ANSWER_REUSE_MS);
    const after = (await organisations.listing(id))!;
    return { ...after, counts: await this.counts(id) };
  }

  /**
   * Erases a suspended organisation in every service, then itself. It is `deleting` from the
   * first step on (its hosts answer "suspended", nothing of it runs); a service that does not
   * answer leaves it so (503), and asking again goes on where it stopped.
   */
  async remove(id: number, actor: PlatformActor): Promise<void> {
    const { organisations, db, logger, log } = this.deps;
    const organisation = await db.transaction(async (tx) => {
      const current = await this.found(id, tx);
      if (current.status === 'active') throw AppError.conflict(MSG.suspendBeforeDelete);
      const named = { id, slug: current.slug };
      if (current.status === 'suspended') {
        await organisations.change(tx, id, { status: 'deleting' });
        await log.record(
          { actor, action: 'organisation.deletion-started', organisation: named },
          tx,
        );
      }
      return named;
    });
    await sleep(ORGANISATION_ANSWER_REUSE_MS);
    for (const { service, ask } of this.deps.erasers) {
      try {
        const answer = await ask.get(id);
        if (!answer) throw new Error('no answer');
        logger.info({ organisation: id, service, rows: answer.rows }, 'organisation erased');
      } catch (err) {
        logger.warn({ organisation: id, service, err: (err as Error).message }, 'erase failed');
        throw new AppError('SERVICE_UNAVAILABLE', 503, MSG.eraseIncomplete);
      }
    }
    const done = await eraseOrganisationHere({ db, organisations, audit: this.deps.audit }, id);
    logger.info({ organisation: id, service: 'identity', ...done }, 'organisation erased');
    // Two who finish one deletion at once (the platform's DELETE and the job below) log it once.
    if (done.removed) await log.record({ actor, action: 'organisation.deleted', organisation });
  }

  /**
   * R-PLATFORM-DELETE: finishes every deletion left `deleting` for `quietMs` (a service did not
   * answer, or the process stopped halfway), in the name of whoever began it; one that still
   * cannot finish stays for the next round. Answers the ids it finished.
   */
  async finishStalledDeletions(quietMs: number): Promise<number[]> {
    const finished: number[] = [];
    for (const id of await this.deps.organisations.stalledDeletions(quietMs)) {
      try {
        await this.remove(id, await this.deps.log.deletionStarter(id));
        finished.push(id);
      } catch (err) {
        this.deps.logger.warn(
          { organisation: id, err: (err as Error).message },
          'stalled deletion: not finished yet',
        );
      }
    }
    return finished;
  }

  /** The platform's log, newest first (R-PLATFORM-AUDIT). */
  log(before?: number): Promise<PlatformAuditPageAnswer> {
    return this.deps.log.page(before);
  }

  private async found(id: number, tx: Transaction) {
    if (id === 1) throw AppError.conflict(MSG.organisationIsDeployment);
    const current = await this.deps.organisations.listing(id, tx);
    if (!current) throw AppError.notFound(MSG.organisationNotFound);
    return current;
  }

  private async changeable(id: number, tx: Transaction) {
    const current = await this.found(id, tx);
    if (current.status === 'deleting') throw AppError.conflict(MSG.organisationBeingDeleted);
    return current;
  }
}

/**
 * svc-identity's own part of an organisation's deletion (R-PLATFORM-DELETE), once every other
 * service has erased its part: its rows here, its audit entries' actors, then the organisation
 * and its host names. Done again by a restore's replay of the erasure ledger (R-ERASURE-REPLAY).
 */
export async function eraseOrganisationHere(
  deps: {
    db: Transactor;
    organisations: Pick<OrganisationRepository, 'eraseOwnRows' | 'remove'>;
    audit: Pick<AuditEntryRepository, 'anonymiseOrganisation'>;
  },
  id: number,
): Promise<{ rows: number; anonymised: number; removed: boolean }> {
  const rows = await deps.organisations.eraseOwnRows(id);
  const anonymised = await deps.audit.anonymiseOrganisation(id);
  const removed = await deps.db.transaction((tx) => deps.organisations.remove(tx, id));
  return { rows, anonymised, removed };
}

/**
 * R-PLATFORM-CREATE, R-ORG-ADD: an organisation with its host names, then its first
 * administrator made as its work by `firstAdmin` (emailed a link by the platform, printed one by
 * the program); if that fails, the organisation goes again and nothing is made. Throws
 * `OrganisationTaken` for a slug or host another organisation holds.
 */
export async function createOrganisation<A>(
  deps: {
    db: Transactor;
    organisations: Pick<OrganisationRepository, 'create' | 'remove'>;
    log: Pick<PlatformAuditRepository, 'record'>;
  },
  actor: PlatformActor,
  organisation: NewOrganisation,
  firstAdmin: () => Promise<A>,
): Promise<{ id: number; admin: A }> {
  const id = await deps.organisations.create(organisation);
  try {
    const admin = await withOrganisation(id, firstAdmin);
    await deps.log.record({
      actor,
      action: 'organisation.created',
      organisation: { id, slug: organisation.slug },
      changes: {
        name: { before: null, after: organisation.name },
        hosts: { before: null, after: [...organisation.hosts].sort() },
      },
    });
    return { id, admin };
  } catch (err) {
    await deps.db.transaction((tx) => deps.organisations.remove(tx, id));
    throw err;
  }
}
