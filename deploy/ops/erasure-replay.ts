// R-ERASURE-REPLAY: a restore brings back the data of the backup's time, and with it every
// family erased since. `npm run restore` therefore ends by doing again every erasure of the
// erasure ledger (ERASURE_LEDGER, R-ERASURE-LEDGER) made after the backup was taken, before any
// process of the product starts and so before anything is sent. Each service's own erasure does
// the work (svc-registrations' `replayRegistrationErasures`, svc-notify's and svc-identity's
// privacy parts), on the restored database. What it prints is counts, never an address.
import fs from 'node:fs';
import path from 'node:path';
import type { PrivacyReply } from '@nsa/contracts';
import {
  connectDatabase,
  createLogger,
  ErasureLedger,
  eraseOrganisationRows,
  withOrganisation,
  type ErasureLedgerEntry,
  type Sequelize,
} from '@nsa/service-kit';
import { identityErasureReplay } from 'svc-identity/dist/src/erasure-replay.js';
import { notifyErasureReplay } from 'svc-notify/dist/src/erasure-replay.js';
import { registrationsConfigSchema } from 'svc-registrations/dist/src/config.js';
import { replayRegistrationErasures } from 'svc-registrations/dist/src/erasure-replay.js';

/**
 * An erasure is in the ledger before it commits, and an admin's takes a while (each sign-up, then
 * the other services): one that started a little before the backup's snapshot may have ended
 * after it. Those are done again too; one the backup holds already changes nothing.
 */
export const REPLAY_MARGIN_MS = 60 * 60 * 1000;

export interface ErasureReplayOptions {
  /**
   * The restored database's URL for each service whose erasure is done again, as that schema's
   * owner role (the least role that can do it, as the restore itself).
   */
  databaseUrls: Record<'catalog' | 'registrations' | 'notify' | 'identity', string>;
  /** When the backup was taken (its manifest's `takenAt`). */
  since: string;
  /** The restore's environment: ERASURE_LEDGER, PUBLIC_BASE_URL, GATEWAY_PORT. */
  env: NodeJS.ProcessEnv;
  /** The restore's DATA_DIR (the ledger's default place). */
  dataDir: string;
  /** The restored product's secrets (the backup's). */
  secrets: { SESSION_SECRET: string; LINK_SEAL_SECRET: string };
  log?: (line: string) => void;
}

export interface ErasureReplayResult {
  /** The ledger read. */
  ledger: string;
  /** Its entries made after the backup (less the margin). */
  entries: number;
  /** Of those, the ones that erased something again. */
  replayed: number;
  /** Sign-ups erased again. */
  signups: number;
  /** Organisations deleted again (R-PLATFORM-DELETE). */
  organisations: number;
}

/** The ledger's file: ERASURE_LEDGER, or the launcher's default `$DATA_DIR/erasures`. */
export function erasureLedgerFile(env: NodeJS.ProcessEnv, dataDir: string): string {
  return path.resolve(env.ERASURE_LEDGER || path.join(dataDir, 'erasures'));
}

export async function replayErasures(opts: ErasureReplayOptions): Promise<ErasureReplayResult> {
  const log = opts.log ?? (() => undefined);
  const file = erasureLedgerFile(opts.env, opts.dataDir);
  const ledger = new ErasureLedger(file);
  const after = Date.parse(opts.since) - REPLAY_MARGIN_MS;
  const entries = ledger.read().filter((e: ErasureLedgerEntry) => Date.parse(e.at) > after);
  const result: ErasureReplayResult = {
    ledger: file,
    entries: entries.length,
    replayed: 0,
    signups: 0,
    organisations: 0,
  };
  if (entries.length === 0) {
    log(
      ledger.read().length === 0
        ? `erasure ledger ${file}: empty or absent, no erasure to do again (set ERASURE_LEDGER ` +
            `to the product's ledger if it kept one elsewhere)`
        : `erasure ledger ${file}: no erasure since the backup`,
    );
    return result;
  }
  // Without its key, an admin's erasure cannot be matched to an address again (only by id).
  const keyed = fs.existsSync(ledger.keyFile);
  if (!keyed && entries.some((e) => e.subject))
    log(
      `erasure ledger ${file}: its key ${ledger.keyFile} is missing: admins' erasures are done ` +
        `again by sign-up id only; restore the key beside the ledger and restore again`,
    );
  const logger = createLogger('restore', 'warn');
  const connect = (schema: keyof ErasureReplayOptions['databaseUrls']) =>
    connectDatabase({
      url: opts.databaseUrls[schema],
      schema,
      poolMax: 2,
      applicationName: `naschool-restore-${schema}`,
    });
  const open: Sequelize[] = [];
  try {
    const registrationsDb = await connect('registrations');
    open.push(registrationsDb);
    const notifyDb = await connect('notify');
    open.push(notifyDb);
    const identityDb = await connect('identity');
    open.push(identityDb);
    const notify = notifyErasureReplay(notifyDb);
    const identity = identityErasureReplay(identityDb, opts.secrets.SESSION_SECRET);
    // R-PLATFORM-DELETE: an organisation deleted since the backup goes again, whole, in every
    // service (its own erasures in the ledger then find nothing left).
    const deleted = [
      ...new Set(entries.filter((e) => e.kind === 'organisation').map((e) => e.organisation)),
    ].filter((id): id is number => id !== undefined && id > 1);
    if (deleted.length > 0) {
      const catalogDb = await connect('catalog');
      open.push(catalogDb);
      for (const id of deleted) {
        let rows = 0;
        for (const db of [catalogDb, registrationsDb, notifyDb])
          rows += await eraseOrganisationRows(db, id);
        const here = await identity.deleteOrganisation(id);
        rows += here.rows;
        result.replayed += 1;
        result.organisations += 1;
        log(`deletion of organisation ${id} done again: ${rows} rows`);
      }
    }
    const config = registrationsConfigSchema.parse({
      ...opts.env,
      LINK_SEAL_SECRET: opts.secrets.LINK_SEAL_SECRET,
      ERASURE_LEDGER: file,
    });
    const replayed = await replayRegistrationErasures(
      {
        sequelize: registrationsDb,
        logger,
        config: {
          ...config,
          SESSION_SECRET: opts.secrets.SESSION_SECRET,
          PUBLIC_BASE_URL:
            opts.env.PUBLIC_BASE_URL || `http://localhost:${opts.env.GATEWAY_PORT || '8080'}`,
        },
        subjectHash: (email) => (keyed ? ledger.subjectHash(email) : ''),
        organisations: identity,
        // As an admin's erasure asks them live, answered here in-process.
        peers: {
          ask: async (peer, request): Promise<PrivacyReply> => {
            if (request.op !== 'erase') throw new Error(`a replay asks only erasures`);
            const counts =
              peer === 'notify'
                ? await notify.erase(request.email, request.registrationIds)
                : await identity.erase(request.email);
            return { service: peer, records: [], counts };
          },
        },
      },
      entries,
    );
    for (const r of replayed) {
      // A parent's erasure reaches svc-notify by its event; here, before the mailer starts.
      if (r.forget.length > 0)
        await withOrganisation(r.organisation, () => notify.forget(r.forget));
      result.replayed += 1;
      result.signups += r.signups;
      log(`erasure of ${r.at} (${r.kind}) done again: ${r.signups} sign-ups`);
    }
    log(
      `erasure ledger ${file}: ${entries.length} erasures since the backup, ` +
        `${result.replayed} done again (${result.signups} sign-ups), ` +
        `${entries.length - result.replayed} held by the backup already`,
    );
    return result;
  } finally {
    for (const db of open) await db.close().catch(() => undefined);
  }
}
