// R-ORG-HOST, R-ORG-RLS: a second organisation on the same deployment, for the tools that try
// or measure two organisations side by side.
import type pg from 'pg';
import { Api, sleep } from './api.js';
import { ADMIN, PLATFORM_ADMIN } from './stack.js';

export interface OtherOrganisation {
  id: number;
  /** The host name and port its requests name. */
  host: string;
  /** Its admin's address: the stack's admin's name and password, another address. */
  adminEmail: string;
  /** Its admin, logged in on its host. */
  admin: Api;
}

/**
 * Makes an organisation as the platform will make one (its row and host name in svc-identity's
 * tables, through the stack's administrator connection `db`), on `<slug>.localhost` at the
 * stack's port, with an admin of its own: a copy of the stack's bootstrap admin (same name and
 * password) under `beheer@<slug>.example`, logged in on the new host.
 */
export async function addOrganisation(
  db: pg.Pool,
  base: string,
  slug: string,
  name: string,
): Promise<OtherOrganisation> {
  const port = new URL(base).port;
  const hostName = `${slug}.localhost`;
  const host = `${hostName}:${port}`;
  const { rows } = await db.query<{ id: number }>(
    `WITH o AS (
       INSERT INTO identity.organisations (slug, name, contact_email, public_base_url, languages,
         retention_months)
       VALUES ($1, $2, $3, $4, ARRAY['nl', 'en'], 24)
       RETURNING id)
     INSERT INTO identity.organisation_hosts (host, organisation_id)
     SELECT $5, id FROM o RETURNING organisation_id AS id`,
    [slug, name, `info@${slug}.example`, `http://${host}`, hostName],
  );
  const id = rows[0]!.id;
  const adminEmail = `beheer@${slug}.example`;
  const copied = await db.query(
    `INSERT INTO identity.users (email, name, role, password_hash, language, organisation_id)
     SELECT $1, name, role, password_hash, language, $2
       FROM identity.users WHERE lower(email) = lower($3) AND organisation_id = 1`,
    [adminEmail, id, ADMIN.email],
  );
  if (copied.rowCount !== 1) throw new Error("the stack's admin is not there to copy");
  // Organisation answers are used again for 250 ms (R-ORG-HOST).
  await sleep(300);
  const admin = new Api(base, '', host);
  await admin.login(adminEmail, ADMIN.password);
  return { id, host, adminEmail, admin };
}

/**
 * R-PLATFORM-DELETE: suspends and deletes organisation `id` through the platform's calls, as
 * the stack's platform administrator (the stack must have been started with BOOTSTRAP_PLATFORM_*).
 */
export async function deleteOrganisation(base: string, id: number): Promise<void> {
  const platform = new Api(base);
  await platform.login(
    PLATFORM_ADMIN.email,
    PLATFORM_ADMIN.password,
    30_000,
    '/api/platform/login',
  );
  await platform.must('PATCH', `/api/platform/organisations/${id}`, { status: 'suspended' });
  const gone = await platform.call(
    'DELETE',
    `/api/platform/organisations/${id}`,
    undefined,
    {},
    120_000,
  );
  if (gone.status !== 204) throw new Error(`deleting organisation ${id}: ${gone.status}`);
}

/**
 * The tables of every schema that still hold a row of organisation `id` (an audit entry that
 * still names its actor counts), with their counts
 * (through the stack's administrator connection, which no row policy holds).
 */
export async function rowsOfOrganisation(db: pg.Pool, id: number): Promise<string[]> {
  const { rows: tables } = await db.query<{ s: string; t: string }>(
    `SELECT c.table_schema AS s, c.table_name AS t FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.column_name = 'organisation_id' AND t.table_type = 'BASE TABLE'
        AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1, 2`,
  );
  const left: string[] = [];
  for (const { s, t } of tables) {
    // The audit trail keeps what was done, with no actor (R-PLATFORM-DELETE).
    const named =
      t === 'audit_entries' ? ' AND (actor_id IS NOT NULL OR actor_name IS NOT NULL)' : '';
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${s}"."${t}" WHERE organisation_id = $1${named}`,
      [id],
    );
    if (rows[0]!.n > 0) left.push(`${s}.${t}: ${rows[0]!.n}`);
  }
  const { rows: org } = await db.query('SELECT 1 FROM identity.organisations WHERE id = $1', [id]);
  if (org.length > 0) left.push('identity.organisations: 1');
  return left;
}
