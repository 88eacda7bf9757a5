// R-ORG-HOST, R-ORG-RLS: a second organisation on the same deployment, for the tools that try
// or measure two organisations side by side.
import type pg from 'pg';
import { Api, sleep } from './api.js';
import { ADMIN } from './stack.js';

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
