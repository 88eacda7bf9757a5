import pg from 'pg';
import { AUDIT_STORE_SERVICE, auditStoreSql } from './audit-store.js';
import { generateSecret } from './secrets.js';

const NAME = /^[a-z][a-z0-9_]{0,40}$/;
// Any constant shared by every caller; serialises concurrent ensureServiceDatabase calls.
const LOCK_KEY = 4_815_162_342;
const CREDENTIALS = 'local_infra.service_credentials';

const ident = (name: string) => pg.escapeIdentifier(name);
const literal = (value: string) => pg.escapeLiteral(value);

/** One client to `url` for the length of `fn`, ended afterwards whatever `fn` did. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/** A service's two URLs: its runtime role's, and its owner role's, which runs its migrations. */
export interface ServiceUrls {
  /** The service's runtime role, `svc_<service>` (DATABASE_URL). */
  url: string;
  /** The role that runs its migrations, `svc_<service>_owner` (MIGRATION_DATABASE_URL). */
  migrationUrl: string;
}

/**
 * Gives one service its own role, schema and URL, idempotently: the runtime role's URL
 * (ensureServiceUrls gives the owner role's as well).
 */
export async function ensureServiceDatabase(
  adminUrl: string,
  service: string,
  opts: ServiceDatabaseOptions = {},
): Promise<string> {
  return (await ensureServiceUrls(adminUrl, service, opts)).url;
}

export interface ServiceDatabaseOptions {
  database?: string;
  /**
   * R-AUDIT-CUTOFF: the audit store's retention period (the RETENTION_MONTHS the
   * services run with); without it a new store gets 12 months and an existing one keeps its.
   */
  auditRetentionMonths?: number;
}

/**
 * Gives one service its roles, schema and URLs, idempotently: the runtime role `svc_<service>`,
 * which the service queries with, and the role `svc_<service>_owner`, which runs its
 * migrations (a member of the runtime role, so that it can act as the schema's owner: the
 * migrations run as whichever role owns the schema).
 *
 * The generated passwords are kept in a table of the admin URL's database (roles are
 * cluster-wide, so that is where one row per role belongs), readable only by the admin: the same
 * call returns the same URLs next time, against the local cluster and an external DATABASE_URL
 * alike.
 */
export async function ensureServiceUrls(
  adminUrl: string,
  service: string,
  opts: ServiceDatabaseOptions = {},
): Promise<ServiceUrls> {
  const database = opts.database ?? 'naschool';
  if (!NAME.test(service)) throw new Error(`invalid service name ${JSON.stringify(service)}`);
  if (!NAME.test(database)) throw new Error(`invalid database name ${JSON.stringify(database)}`);
  const role = `svc_${service}`;
  const owner = `svc_${service}_owner`;

  const passwords = await withClient(adminUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${ident(database)} TEMPLATE template0 ENCODING 'UTF8'`);
    }
    await admin.query(`CREATE SCHEMA IF NOT EXISTS local_infra`);
    await admin.query(`REVOKE ALL ON SCHEMA local_infra FROM PUBLIC`);
    await admin.query(
      `CREATE TABLE IF NOT EXISTS ${CREDENTIALS} (role text PRIMARY KEY, password text NOT NULL)`,
    );
    const pw = {
      role: await loginRole(admin, role, database, service),
      owner: await loginRole(admin, owner, database, service),
    };
    await admin.query(`GRANT ${ident(role)} TO ${ident(owner)}`);
    // Still under the advisory lock: CREATE SCHEMA IF NOT EXISTS is not safe against a racer.
    await withClient(withDatabase(adminUrl, database), async (db) => {
      await ownSchema(db, service, role);
      // R-AUDIT-APPEND-ONLY: the audit log's store is owned by a role of its own.
      if (service === AUDIT_STORE_SERVICE)
        for (const sql of auditStoreSql(service, { retentionMonths: opts.auditRetentionMonths }))
          await db.query(sql);
    });
    return pw;
  });

  const urlOf = (name: string, password: string) => {
    const url = new URL(withDatabase(adminUrl, database));
    url.username = encodeURIComponent(name);
    url.password = encodeURIComponent(password);
    return url.toString();
  };
  return { url: urlOf(role, passwords.role), migrationUrl: urlOf(owner, passwords.owner) };
}

/**
 * A role that logs in to `database` with the schema `service` as its search_path and nothing
 * more; its password the stored one (made and stored the first time). Answers the password.
 */
async function loginRole(
  admin: pg.Client,
  role: string,
  database: string,
  service: string,
): Promise<string> {
  const stored = await admin.query<{ password: string }>(
    `SELECT password FROM ${CREDENTIALS} WHERE role = $1`,
    [role],
  );
  let pw = stored.rows[0]?.password;
  if (pw === undefined) {
    pw = generateSecret(32);
    await admin.query(`INSERT INTO ${CREDENTIALS} (role, password) VALUES ($1, $2)`, [role, pw]);
  }
  const roleExists = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  // A role left by something else, or whose password drifted, gets the stored password again.
  const verb = roleExists.rowCount === 0 ? 'CREATE' : 'ALTER';
  await admin.query(
    `${verb} ROLE ${ident(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${literal(pw)}`,
  );
  await admin.query(`REVOKE ALL ON DATABASE ${ident(database)} FROM PUBLIC`);
  await admin.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${ident(database)} TO ${ident(role)}`);
  await admin.query(
    `ALTER ROLE ${ident(role)} IN DATABASE ${ident(database)} SET search_path TO ${ident(service)}`,
  );
  return pw;
}

async function ownSchema(db: pg.Client, service: string, role: string): Promise<void> {
  const me = await db.query<{ rolsuper: boolean }>(
    'SELECT rolsuper FROM pg_roles WHERE rolname = current_user',
  );
  // A non-superuser admin (CREATEROLE) must be a member to hand a schema to the role.
  if (!me.rows[0]?.rolsuper) await db.query(`GRANT ${ident(role)} TO CURRENT_USER`);
  await db.query(`CREATE SCHEMA IF NOT EXISTS ${ident(service)} AUTHORIZATION ${ident(role)}`);
  await db.query(`ALTER SCHEMA ${ident(service)} OWNER TO ${ident(role)}`);
  await db.query(`REVOKE ALL ON SCHEMA ${ident(service)} FROM PUBLIC`);
  await db.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
  // The admin search's trigram index (svc-registrations' migration 0008) needs pg_trgm, which
  // only a role with CREATE on the database may create; the services' roles have none.
  await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
}
