// `npm run restore -- FILE` (R-OPS-RESTORE): a backup into an empty DATA_DIR or an empty
// database given by DATABASE_URL, so that the next `npm start` there runs the same product:
// the same data, every session ended, and no email sent a second time (docs/operations.md).
// R-OPS-BACKUP-SEALED: the file's signature is checked before anything is decrypted or written,
// and each schema is restored by the role that owns it, never by a superuser.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import pg from 'pg';
import { spawn } from 'node:child_process';
import { AUDIT_STORE_SERVICE, ensureServiceDatabase, withClient } from '@nsa/local-infra';
import { ALL_ORGANISATIONS, ORGANISATION_SETTING } from '@nsa/service-kit';
import { SERVICE_NAMES } from '../local/config.js';
import {
  FORMAT,
  FORMAT_VERSION,
  MEMBERS,
  sha256File,
  type Manifest,
  type Secrets,
} from './archive.js';
import { openKeys, openSealed, verifySealed } from './seal.js';
import { replayErasures, type ErasureReplayResult } from './erasure-replay.js';
import {
  countRows,
  resolveTarget,
  runPgTool,
  SCHEMAS,
  SECRET_NAMES,
  secretFile,
  withAdminUrl,
  withDatabase,
  type Target,
} from './target.js';

export interface RestoreOptions {
  file: string;
  env?: NodeJS.ProcessEnv;
  repoRoot: string;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  seconds: number;
  /** Sessions ended (identity's sessions rows deleted). */
  sessionsEnded: number;
  /** Outbox rows marked to be published again, per service. */
  republish: Record<string, number>;
  /** R-ERASURE-REPLAY: the ledger's erasures since the backup, done again. */
  erasures?: ErasureReplayResult;
}

const ident = (name: string) => pg.escapeIdentifier(name);

export async function restoreProduct(opts: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const env = opts.env ?? process.env;
  const log = opts.log ?? (() => undefined);
  const file = path.resolve(opts.file);
  if (!fs.existsSync(file)) throw new Error(`no file ${file}`);
  const target = resolveTarget(env, opts.repoRoot);
  const keys = openKeys(env, target.dataDir, opts.repoRoot);
  const verified = await verifySealed(file, keys);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'naschool-restore-'));
  try {
    // Only the three members, whatever else the file holds.
    await untar(
      (out) => openSealed(file, verified, keys, out),
      ['-C', work, MEMBERS.manifest, MEMBERS.secrets, MEMBERS.dump],
    );
    const manifest = readManifest(path.join(work, MEMBERS.manifest));
    const dumpFile = path.join(work, MEMBERS.dump);
    if ((await sha256File(dumpFile)) !== manifest.dump.sha256)
      throw new Error(`${file}: the database dump does not match its manifest (damaged file)`);
    const secrets = JSON.parse(
      fs.readFileSync(path.join(work, MEMBERS.secrets), 'utf8'),
    ) as Secrets;

    assertLocalTargetEmpty(target);
    const secretFiles = checkSecrets(target, env, secrets);
    // As the launcher makes it: the secrets and the cluster are its owner's alone.
    fs.mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });

    const result = await withAdminUrl(target, { create: true, log }, async (adminUrl) => {
      await assertDatabaseEmpty(adminUrl, target.database);
      // Written once the target is known to be empty, before anything else changes there.
      writeSecrets(target, secretFiles);
      // Roles, schemas, grants and the audit store exactly as the launcher makes them (each
      // role with its password kept by the cluster): the administrator's only part.
      const owners = {} as Record<Schema, string>;
      for (const s of SERVICE_NAMES)
        owners[s] = await ensureServiceDatabase(adminUrl, s, { database: target.database });
      owners.identity_audit = owners[AUDIT_STORE_SERVICE as Schema];
      log(`restoring ${Object.keys(manifest.database.rows).length} tables into ${target.database}`);
      await restoreAsOwners(owners, dumpFile);
      // Counted as the backup counted them: by the administrator, whom no organisation's row
      // policy hides a row from (R-ORG-RLS).
      const rows = await withClient(withDatabase(adminUrl, target.database), (db) => countRows(db));
      assertSameRows(manifest.database.rows, rows);
      const restored = await afterRestore(owners);
      // R-ERASURE-REPLAY: every erasure since the backup done again, before anything is sent.
      const erasures = await replayErasures({
        databaseUrls: owners,
        since: manifest.takenAt,
        env,
        dataDir: target.dataDir,
        secrets,
        log,
      });
      return { ...restored, erasures };
    });
    fs.writeFileSync(
      path.join(target.dataDir, 'restored-from.json'),
      `${JSON.stringify({ file, restoredAt: new Date().toISOString(), ...manifest, ...result }, null, 2)}\n`,
      { mode: 0o600 },
    );
    return { manifest, seconds: (performance.now() - started) / 1000, ...result };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function readManifest(file: string): Manifest {
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== FORMAT) throw new Error('not a backup of this product');
  if (manifest.formatVersion > FORMAT_VERSION)
    throw new Error(`backup format ${manifest.formatVersion} is newer than this release reads`);
  return manifest;
}

type Schema = (typeof SCHEMAS)[number];

/**
 * Each service's schema by its own role (R-OPS-BACKUP-SEALED): a login as the schema's owner,
 * restoring only the objects of that schema, so that whatever a dump holds runs with no more
 * rights than the service has (no role, no other schema, no superuser's function). The audit
 * store's schema and table are the infrastructure's (auditStoreSql): only its rows come back,
 * by the role that may insert them.
 */
async function restoreAsOwners(owners: Record<Schema, string>, dumpFile: string): Promise<void> {
  for (const schema of SCHEMAS) {
    const dataOnly = !(SERVICE_NAMES as readonly string[]).includes(schema);
    await runPgTool('pg_restore', owners[schema], [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      `--schema=${schema}`,
      ...(dataOnly ? ['--data-only'] : []),
      dumpFile,
    ]);
  }
}

/** Runs `tar -x` on what `write` writes (a decrypted backup), failing with tar's errors. */
async function untar(write: (out: Writable) => Promise<void>, args: string[]): Promise<void> {
  const tar = spawn('tar', ['-xf', '-', ...args], { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  tar.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve, reject) => {
    tar.on('error', reject);
    tar.on('close', resolve);
  });
  try {
    await write(tar.stdin);
  } catch (err) {
    tar.kill();
    await exited.catch(() => undefined);
    throw err;
  }
  const code = await exited;
  if (code !== 0) throw new Error(`tar failed (exit ${code}): ${stderr.trim().slice(0, 500)}`);
}

/**
 * A local restore needs a DATA_DIR without a PostgreSQL cluster and without a NATS store: the
 * restored consumers start from the streams' beginning, which an old store would contradict.
 */
function assertLocalTargetEmpty(target: Target): void {
  const full = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
  if (!target.databaseUrl && full(target.pgData))
    throw new Error(`${target.dataDir} already holds a database: restore into an empty DATA_DIR`);
  const store = target.natsStores.find((d) => full(path.join(d, 'jetstream')));
  if (store) throw new Error(`${store} holds a NATS store: restore into an empty DATA_DIR`);
}

/** DATABASE_URL: the product's schemas must be absent or hold no table. */
async function assertDatabaseEmpty(adminUrl: string, database: string): Promise<void> {
  const exists = await withClient(adminUrl, (c) =>
    c.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]),
  );
  if (exists.rowCount === 0) return;
  const tables = await withClient(withDatabase(adminUrl, database), (c) =>
    c.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p')`,
      [[...SCHEMAS]],
    ),
  );
  if (Number(tables.rows[0]!.n) > 0)
    throw new Error(
      `database ${database} already holds the product's tables: restore needs it empty`,
    );
}

/**
 * The backup's secrets go where the launcher reads them (DATA_DIR), unless the environment
 * sets them; a secret given or already kept that differs from the backup's is refused, since
 * the data needs the keys it was made with. Answers the files to write.
 */
function checkSecrets(target: Target, env: NodeJS.ProcessEnv, secrets: Secrets) {
  const files: Array<{ file: string; value: string }> = [];
  for (const name of SECRET_NAMES) {
    const value = secrets[name];
    if (!value) throw new Error(`the backup lacks ${name}`);
    if (env[name] && env[name] !== value)
      throw new Error(
        `${name} is set to another value than the backup's; unset it or give the backup's`,
      );
    const file = secretFile(target.dataDir, name);
    if (fs.existsSync(file)) {
      if (fs.readFileSync(file, 'utf8').trim() !== value)
        throw new Error(
          `${file} holds another ${name} than the backup's: restore into an empty DATA_DIR`,
        );
    } else {
      files.push({ file, value });
    }
  }
  return files;
}

function writeSecrets(target: Target, files: Array<{ file: string; value: string }>): void {
  for (const { file, value } of files) fs.writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
}

function assertSameRows(expected: Record<string, number>, actual: Record<string, number>): void {
  const wrong = Object.keys({ ...expected, ...actual }).filter((t) => expected[t] !== actual[t]);
  if (wrong.length > 0) {
    const list = wrong.map(
      (t) => `${t} ${actual[t] ?? 'missing'} (backup: ${expected[t] ?? 'none'})`,
    );
    throw new Error(`restored rows differ from the backup's: ${list.join(', ')}`);
  }
}

/**
 * What the restored product must not take over from the old one, in one transaction:
 * - every session ends (identity's sessions; a cookie names a session by its id's hash);
 * - every event goes out again: the restored NATS is empty, and an event published before the
 *   backup may not have reached every consumer. The relay publishes them in their order; a
 *   consumer drops an event it recorded in processed_events, and svc-notify sends an email
 *   once per (event, kind) by its deliveries, so no email goes twice and none is lost.
 */
async function afterRestore(
  owners: Record<Schema, string>,
): Promise<Omit<RestoreResult, 'manifest' | 'seconds'>> {
  // Each by the schema's owner (R-OPS-BACKUP-SEALED): a trigger the dump brought runs with no
  // more rights than its service has.
  // Every organisation's (R-ORG-RLS): the sessions one organisation at a time, each in a
  // transaction that has it set; the outbox in the view the relay has of it.
  const sessionsEnded = await withClient(owners.identity, async (db) => {
    // A backup from before organisations has no such table: all its rows are organisation 1's.
    const [present] = (
      await db.query<{ yes: boolean }>(
        "SELECT to_regclass('identity.organisations') IS NOT NULL AS yes",
      )
    ).rows;
    const ids = present?.yes
      ? (await db.query<{ id: number }>('SELECT id FROM identity.organisations')).rows.map(
          (r) => r.id,
        )
      : [1];
    let ended = 0;
    for (const id of ids) {
      await db.query('BEGIN');
      await db.query(`SELECT set_config('${ORGANISATION_SETTING}', $1, true)`, [String(id)]);
      ended += (await db.query('DELETE FROM identity.sessions')).rowCount ?? 0;
      await db.query('COMMIT');
    }
    return ended;
  });
  const republish: Record<string, number> = {};
  for (const s of SERVICE_NAMES) {
    republish[s] = await withClient(owners[s], async (db) => {
      await db.query('BEGIN');
      await db.query(`SELECT ${ALL_ORGANISATIONS}`);
      const r = await db.query(
        `UPDATE ${ident(s)}.outbox SET published_at = NULL WHERE published_at IS NOT NULL`,
      );
      await db.query('COMMIT');
      return r.rowCount ?? 0;
    });
  }
  return { sessionsEnded, republish };
}
