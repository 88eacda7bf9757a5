// R-ERASURE-REPLAY: svc-registrations' part of a restore's replay of the erasure ledger, for
// `npm run restore` (deploy/ops/erasure-replay.ts) to call before any process of the product
// starts. It builds the service's own repositories and domain on the restored database, so each
// erasure is done again exactly as the live one does it: the parent's erasure of a sign-up by
// `MySignups.eraseSignups`, an admin's erasure of an address by `Privacy.eraseEmail` (the other
// services' parts through `peers`, which the caller runs in-process).
import { AUDIT_ACTIONS, EVENT_TYPES } from '@nsa/contracts';
import {
  normaliseEmail,
  Outbox,
  PublicAddress,
  QueryTypes,
  recordAudit,
  SYSTEM_ACTOR,
  withActor,
  withOrganisation,
  type ErasureLedgerEntry,
  type Logger,
  type OrganisationSource,
  type Sequelize,
} from '@nsa/service-kit';
import type { RegistrationsConfig } from './config.js';
import { ActivityRepository } from './data-access/activities.js';
import { PrivacyRepository } from './data-access/privacy.js';
import { RegistrationRepository } from './data-access/registrations.js';
import { ParentLinks } from './domain/links.js';
import type { PrivacyPeers } from './domain/privacy.js';
import { Waitlist } from './domain/waitlist.js';
import { privacyParts } from './privacy-parts.js';

export interface ErasureReplayDeps {
  /** The restored database, on this service's schema. */
  sequelize: Sequelize;
  logger: Logger;
  config: Pick<
    RegistrationsConfig,
    'LINK_SEAL_SECRET' | 'WAITLIST_OFFER_HOURS' | 'WAITLIST_SWEEP_MS' | 'RETENTION_MONTHS'
  > & { SESSION_SECRET: string; PUBLIC_BASE_URL: string };
  /** The ledger's keyed hash of an address (`ErasureLedger.subjectHash`). */
  subjectHash: (email: string) => string;
  /** The other services' privacy parts (an admin's erasure asks them, as live). */
  peers: PrivacyPeers;
  /** svc-identity's organisations by id: the address of a further organisation's offers. */
  organisations: Pick<OrganisationSource, 'byId'>;
}

/** What one ledger entry erased again here (counts and ids only: nothing names a person). */
export interface ReplayedErasure {
  at: string;
  /** The organisation whose erasure it was. */
  organisation: number;
  kind: ErasureLedgerEntry['kind'];
  /** Sign-ups erased again (those the backup still held). */
  signups: number;
  /**
   * Sign-ups erased by id without asking the other services (a parent's erasure: live, they
   * learn it from its event): the caller forgets them in svc-notify before anything is sent.
   */
  forget: number[];
}

/**
 * Does each entry again, in the ledger's order, and records one audit entry per entry that
 * erased anything (`erasure.replayed`, by the system; its event goes out with the rest of the
 * outbox once the product starts). An entry whose sign-ups the backup holds erased already (it
 * was done before the backup's snapshot) changes nothing and records nothing.
 */
export async function replayRegistrationErasures(
  deps: ErasureReplayDeps,
  entries: readonly ErasureLedgerEntry[],
): Promise<ReplayedErasure[]> {
  const { sequelize: db, logger, config } = deps;
  const outbox = Outbox.writeOnly(db, logger);
  const registrations = new RegistrationRepository(db);
  const activities = new ActivityRepository(db);
  const records = new PrivacyRepository(db);
  const address = new PublicAddress(deps.organisations, config.PUBLIC_BASE_URL);
  const waitlist = new Waitlist({
    db,
    registrations,
    activities,
    outbox,
    // A place an erasure frees is offered with a link on its organisation's address.
    links: new ParentLinks({
      address,
      sealSecret: config.LINK_SEAL_SECRET,
    }),
    logger,
    offerHours: config.WAITLIST_OFFER_HOURS,
    sweepMs: config.WAITLIST_SWEEP_MS,
  });
  // The restored NATS is empty: no stream message to purge. The replay is not itself an erasure
  // to append to the ledger: it is in there already.
  const stream = { purge: () => Promise.resolve({ deleted: 0, pending: 0 }) };
  const ledger = { append: () => Promise.resolve() };
  const { mySignups, privacy } = privacyParts({
    db,
    outbox,
    logger,
    registrations,
    activities,
    privacyRecords: records,
    waitlist,
    stream,
    peers: deps.peers,
    ledger,
    config,
    organisation: address,
  });

  const out: ReplayedErasure[] = [];
  for (const entry of entries) {
    // A deleted organisation is erased again whole, by the restore itself (R-PLATFORM-DELETE).
    if (entry.kind === 'organisation') continue;
    // Each erasure as its own organisation's work, which alone sees its rows (R-ORG-RLS).
    const organisation = entry.organisation ?? 1;
    const done = await withOrganisation(organisation, () => replayOne(entry));
    if (done) out.push({ ...done, organisation });
  }
  return out;

  async function replayOne(
    entry: ErasureLedgerEntry,
  ): Promise<Omit<ReplayedErasure, 'organisation'> | undefined> {
    let signups = 0;
    // An admin's erasure of an address: the address found again by its hash, erased as then
    // (every sign-up with it, and the other services' records of it).
    const emails = entry.subject ? await addressesOf(db, deps.subjectHash, entry) : [];
    for (const email of emails) {
      const { report } = await withActor(SYSTEM_ACTOR, () => privacy.eraseEmail(email));
      signups += report.counts.registrations?.signups ?? 0;
    }
    // What that did not take: a parent's erasure of one sign-up, by its id.
    const forget = await notErased(db, entry.registrationIds);
    if (forget.length > 0) {
      await withActor(SYSTEM_ACTOR, () => mySignups.eraseSignups(forget, { purgeWaitMs: 0 }));
      signups += forget.length;
      if (entry.kind === 'admin')
        await db.transaction((tx) =>
          outbox.add(tx, {
            type: EVENT_TYPES.registrationsErased,
            data: { registrationIds: forget, reason: 'request' },
          }),
        );
    }
    if (signups === 0 && emails.length === 0) return undefined;
    // R-ERASURE-REPLAY, R-AUDIT-ADMIN-CHANGES: the system did an erasure of the ledger again.
    await db.transaction((tx) =>
      recordAudit(tx, outbox, 'registrations', {
        actor: SYSTEM_ACTOR,
        action: AUDIT_ACTIONS.erasureReplayed,
        target: { type: 'erasure', id: entry.at },
        changes: {
          kind: { before: null, after: entry.kind },
          signups: { before: null, after: signups },
        },
        reason: 'erasure replayed after a restore',
      }),
    );
    return { at: entry.at, kind: entry.kind, signups, forget };
  }
}

/**
 * The addresses (whole, R-PRIVACY-MATCH) of sign-ups not yet erased that were made before the
 * erasure and whose keyed hash is the entry's: the address the admin erased.
 */
async function addressesOf(
  db: Sequelize,
  hash: (email: string) => string,
  entry: ErasureLedgerEntry,
): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    `SELECT DISTINCT email FROM registrations
     WHERE erased_at IS NULL AND email <> '' AND created_at <= CAST(:at AS timestamptz)`,
    { replacements: { at: entry.at }, type: QueryTypes.SELECT },
  );
  const found = new Map<string, string>();
  for (const { email } of rows)
    if (hash(email) === entry.subject) found.set(normaliseEmail(email), email);
  return [...found.values()];
}

async function notErased(db: Sequelize, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM registrations WHERE id = ANY (CAST(:ids AS integer[])) AND erased_at IS NULL
     ORDER BY id`,
    { replacements: { ids: `{${ids.join(',')}}` }, type: QueryTypes.SELECT },
  );
  return rows.map((r) => r.id);
}
