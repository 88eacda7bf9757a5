// `npm run backup -- --out FILE` (R-OPS-BACKUP): every service's data in one file while the
// product runs. One pg_dump of the product's schemas in one snapshot, the row counts of that
// same snapshot, and the secrets the data needs; nothing of NATS (docs/operations.md). The file
// is encrypted and signed with keys that are not inside it (R-OPS-BACKUP-SEALED, seal.ts).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { SERVICE_NAMES } from '../local/config.js';
import {
  FORMAT,
  FORMAT_VERSION,
  MEMBERS,
  sha256File,
  type Manifest,
  type Secrets,
} from './archive.js';
import { sealKeys, sealTo } from './seal.js';
import {
  countRows,
  NOT_BACKED_UP,
  resolveTarget,
  runPgTool,
  SCHEMAS,
  SECRET_NAMES,
  secretFile,
  withAdminUrl,
  withDatabase,
  type Target,
} from './target.js';

export interface BackupOptions {
  out: string;
  env?: NodeJS.ProcessEnv;
  repoRoot: string;
  log?: (line: string) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  seconds: number;
  manifest: Manifest;
  /** What it was encrypted to, and the identity file that restores it if made here. */
  recipient: string;
  identityFile?: string;
}

export const NATS_NOTE =
  'No stream is kept: on restore every outbox row is published again and consumers ' +
  'drop what they had handled (processed_events, notify deliveries).';

export async function backupProduct(opts: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const env = opts.env ?? process.env;
  const log = opts.log ?? (() => undefined);
  const out = path.resolve(opts.out);
  if (fs.existsSync(out)) throw new Error(`${out} exists; give a new file name`);
  if (!fs.existsSync(path.dirname(out))) throw new Error(`no directory ${path.dirname(out)}`);
  const target = resolveTarget(env, opts.repoRoot);
  const secrets = readSecrets(target, env);
  const keys = await sealKeys(env, target.dataDir, log);

  // Beside the output, so the final rename stays on one file system; 0700 (mkdtemp).
  const work = fs.mkdtempSync(path.join(path.dirname(out), '.naschool-backup-'));
  const partial = `${out}.partial`;
  try {
    const dumpFile = path.join(work, MEMBERS.dump);
    const snapshot = await withAdminUrl(target, { create: false, log }, (adminUrl) =>
      dumpDatabase(withDatabase(adminUrl, target.database), dumpFile, log),
    );
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      takenAt: snapshot.takenAt,
      product: productVersion(opts.repoRoot),
      database: {
        name: target.database,
        serverVersion: snapshot.serverVersion,
        schemas: [...SCHEMAS],
        rows: snapshot.rows,
      },
      dump: {
        member: MEMBERS.dump,
        bytes: fs.statSync(dumpFile).size,
        sha256: await sha256File(dumpFile),
      },
      secrets: [...SECRET_NAMES],
      nats: NATS_NOTE,
    };
    fs.writeFileSync(path.join(work, MEMBERS.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.writeFileSync(path.join(work, MEMBERS.secrets), `${JSON.stringify(secrets, null, 2)}\n`, {
      mode: 0o600,
    });
    // Encrypted, yet readable by its owner only from the start all the same.
    const fd = fs.openSync(partial, 'wx', 0o600);
    try {
      const tar = spawn(
        'tar',
        ['-cf', '-', '-C', work, MEMBERS.manifest, MEMBERS.secrets, MEMBERS.dump],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      tar.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const exited = new Promise<number | null>((resolve, reject) => {
        tar.on('error', reject);
        tar.on('close', resolve);
      });
      await sealTo(tar.stdout, fd, keys);
      const code = await exited;
      if (code !== 0) throw new Error(`tar failed (exit ${code}): ${stderr.trim().slice(0, 500)}`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(partial, out);
    const bytes = fs.statSync(out).size;
    return {
      file: out,
      bytes,
      seconds: (performance.now() - started) / 1000,
      manifest,
      recipient: keys.recipient,
      identityFile: keys.identityFile,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
}

/** The secrets the product runs with: the environment's, else DATA_DIR's files. */
function readSecrets(target: Target, env: NodeJS.ProcessEnv): Secrets {
  const secrets = {} as Secrets;
  for (const name of SECRET_NAMES) {
    const file = secretFile(target.dataDir, name);
    const value = env[name] || (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '');
    if (!value) throw new Error(`${name} is neither set nor in ${file} (is DATA_DIR right?)`);
    secrets[name] = value;
  }
  return secrets;
}

/**
 * pg_dump of the product's schemas in a snapshot exported by a transaction that counts every
 * table's rows in that same snapshot; the transaction stays open until pg_dump is done.
 */
async function dumpDatabase(
  dbUrl: string,
  file: string,
  log: (line: string) => void,
): Promise<{ takenAt: string; serverVersion: string; rows: Record<string, number> }> {
  const client = new pg.Client({ connectionString: dbUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const present = await client.query<{ nspname: string }>(
      'SELECT nspname FROM pg_namespace WHERE nspname = ANY($1)',
      [[...SCHEMAS]],
    );
    const missing = SCHEMAS.filter((s) => !present.rows.some((r) => r.nspname === s));
    if (missing.length > 0)
      throw new Error(`no product data here: schema ${missing.join(', ')} missing`);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const head = await client.query<{ snapshot: string; at: Date; version: string }>(
      `SELECT pg_export_snapshot() AS snapshot, now() AS at,
              current_setting('server_version') AS version`,
    );
    const { snapshot, at, version } = head.rows[0]!;
    const rows = await countRows(client);
    log(`snapshot ${snapshot} at ${at.toISOString()}: dumping ${SCHEMAS.join(', ')}`);
    await runPgTool('pg_dump', dbUrl, [
      '--format=custom',
      `--snapshot=${snapshot}`,
      ...SCHEMAS.map((s) => `--schema=${s}`),
      ...NOT_BACKED_UP.map((t) => `--exclude-table=${t}`),
      `--file=${file}`,
    ]);
    await client.query('COMMIT');
    return { takenAt: at.toISOString(), serverVersion: version, rows };
  } finally {
    await client.end().catch(() => undefined);
  }
}

function productVersion(repoRoot: string): Manifest['product'] {
  const version = (dir: string) =>
    (
      JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // not a git checkout (an image): the versions say enough
  }
  return {
    version: version('.'),
    commit,
    services: Object.fromEntries(SERVICE_NAMES.map((s) => [`svc-${s}`, version(`svc-${s}`)])),
  };
}
