// Where the product's data lives, found the way the launcher finds it (R-RUN-ENV): DATA_DIR and
// GATEWAY_PORT (from which the local PostgreSQL's port derives), or DATABASE_URL.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { existingAdminUrl, findPostgresBinDir, startPostgres } from '@nsa/local-infra';
import { derivePorts, SERVICE_NAMES } from '../local/config.js';
import { databaseName } from '../local/parts.js';

/** Every schema of the product's database: one per service, and the audit log's store. */
export const SCHEMAS = [...SERVICE_NAMES, 'identity_audit'] as const;

/**
 * Tables that are settings the set-up makes, not data, and are neither backed up nor counted:
 * the audit store's retention period (R-AUDIT-CUTOFF) is its owner's alone, set from
 * RETENTION_MONTHS whenever the product starts, and no service role may read it.
 */
export const NOT_BACKED_UP = ['identity_audit.audit_retention'] as const;

/** The secrets the launcher keeps in DATA_DIR unless the environment gives them. */
export const SECRET_NAMES = ['SESSION_SECRET', 'LINK_SEAL_SECRET', 'IDENTITY_SECRET'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

export interface Target {
  repoRoot: string;
  dataDir: string;
  /** DATABASE_URL: an administrator's URL of an existing PostgreSQL. */
  databaseUrl?: string;
  /** The product's database (`naschool` unless DATABASE_URL names another). */
  database: string;
  /** The local cluster's directory and port (unused with DATABASE_URL). */
  pgData: string;
  pgPort: number;
  /** The local nats-server's store directories (one node, or NATS_NODES=3). */
  natsStores: string[];
}

export function resolveTarget(env: NodeJS.ProcessEnv, repoRoot: string): Target {
  const rawPort = env.GATEWAY_PORT;
  const gateway = rawPort ? Number(rawPort) : 8080;
  if (!Number.isInteger(gateway) || gateway < 1 || gateway > 65_535)
    throw new Error('GATEWAY_PORT must be an integer 1-65535');
  const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? '.data');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  return {
    repoRoot,
    dataDir,
    databaseUrl,
    database: databaseName(databaseUrl),
    pgData: path.join(dataDir, 'postgres', 'data'),
    pgPort: derivePorts(env, gateway).postgres,
    natsStores: ['nats', 'nats-1', 'nats-2', 'nats-3'].map((d) => path.join(dataDir, d)),
  };
}

/** The launcher's file for a secret (deploy/local/config.ts `persistentSecret`). */
export function secretFile(dataDir: string, name: SecretName): string {
  return path.join(dataDir, name.toLowerCase().replaceAll('_', '-'));
}

/** The URL of another database on the same server, as the same user. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/**
 * Runs `fn` with an administrator's URL of the target's PostgreSQL. The local cluster of a
 * product that is not running is started for the while (and stopped again); `create` lets it
 * make a new cluster in an empty DATA_DIR.
 */
export async function withAdminUrl<T>(
  target: Target,
  opts: { create: boolean; log: (line: string) => void },
  fn: (adminUrl: string) => Promise<T>,
): Promise<T> {
  if (target.databaseUrl) return fn(target.databaseUrl);
  const exists = fs.existsSync(path.join(target.pgData, 'PG_VERSION'));
  if (exists) {
    const url = existingAdminUrl(target.pgData, target.pgPort);
    if (await reachable(url)) return fn(url);
  } else if (!opts.create) {
    throw new Error(`no PostgreSQL cluster in ${target.dataDir} (is DATA_DIR right?)`);
  }
  opts.log(`starting the PostgreSQL of ${target.dataDir} on port ${target.pgPort} for a while`);
  fs.mkdirSync(path.join(target.dataDir, 'logs'), { recursive: true });
  const { adminUrl, proc } = await startPostgres({
    dataDir: target.pgData,
    port: target.pgPort,
    logFile: path.join(target.dataDir, 'logs', 'postgres.log'),
  });
  try {
    return await fn(adminUrl);
  } finally {
    await proc.stop();
  }
}

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Runs pg_dump or pg_restore of the local PostgreSQL's version against `url`; the password goes
 * in the environment, never on a command line others can read.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return new Promise<void>((resolve, reject) => {
    execFile(
      path.join(findPostgresBinDir(), tool),
      [...args, `--dbname=${u.toString()}`],
      {
        env: { PATH: process.env.PATH, PGPASSWORD: password, PGCONNECT_TIMEOUT: '10', LC_ALL: 'C' },
        maxBuffer: 16 * 1024 * 1024,
      },
      (err, _stdout, stderr) => {
        if (err) reject(new Error(`${tool} failed: ${withoutRows(stderr.trim()) || err.message}`));
        else resolve();
      },
    );
  });
}

/** A COPY error's context quotes the row, personal data included: only its line number stays. */
export function withoutRows(text: string): string {
  return text.replace(
    /^(COPY [^,\n]+, line \d+)(?:, column [^:\n]+)?: .*$/gm,
    '$1 (row not shown)',
  );
}

/** Runs a system command (`stdout`: a file descriptor for its output), failing with its errors. */
export function run(cmd: string, args: string[], opts: { stdout?: number } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', opts.stdout ?? 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${cmd} failed (exit ${code}): ${stderr.trim().slice(0, 500)}`));
    });
  });
}

/**
 * Rows of every table of the product's schemas (or of `schemas`), in one snapshot (the caller's
 * transaction).
 */
export async function countRows(
  client: pg.Client,
  schemas: readonly string[] = SCHEMAS,
): Promise<Record<string, number>> {
  const tables = await client.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p')
      ORDER BY 1, 2`,
    [[...schemas]],
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables.rows) {
    if ((NOT_BACKED_UP as readonly string[]).includes(`${schema}.${name}`)) continue;
    const q = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(name)}`;
    const r = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${q}`);
    counts[`${schema}.${name}`] = Number(r.rows[0]!.n);
  }
  return counts;
}
