// Renders the SQL the production PostgreSQL (a CloudNativePG Cluster, overlays/production/
// postgres.yaml) runs once in its new database: per service a role that owns its schema, with
// that schema as its search_path, and the role that runs its migrations (a member of the
// first); pg_trgm; and the audit log's store, from auditStoreSql() of
// packages/local-infra, so it is the store the launcher and the tests make. Run after changing
// either; deploy/test/k8s.test.ts fails while the file is out of date (and runs it on a real
// PostgreSQL). Needs packages/local-infra built (npm run build:backend).
//
//   node deploy/k8s/render-database.mjs          (writes overlays/production/database/bootstrap.sql)
//   node deploy/k8s/render-database.mjs --check  (exit 1 if it is out of date)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditStoreSql } from '@nsa/local-infra';
import { SERVICES as TABLE } from '../../packages/contracts/src/services.mjs';

export const k8sDir = path.dirname(fileURLToPath(import.meta.url));
export const DATABASE = 'naschool';
/** Each service's schema (the table of services), owned by its role svc_<schema>. */
export const SERVICES = TABLE.map((s) => s.schema);
export const outputFile = path.join(k8sDir, 'overlays', 'production', 'database', 'bootstrap.sql');

const NAME = /^[a-z][a-z0-9_]*$/;

/** A role that logs in to the database with the schema as its search_path, and nothing more. */
const loginRoleSql = (role, service) => [
  `DO $$ BEGIN
       IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
         CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
       END IF;
     END $$`,
  `GRANT CONNECT, TEMPORARY ON DATABASE ${DATABASE} TO ${role}`,
  `ALTER ROLE ${role} IN DATABASE ${DATABASE} SET search_path TO ${service}`,
];

/** What ensureServiceUrls() of packages/local-infra does for one service, but the passwords. */
function serviceSql(service) {
  if (!NAME.test(service)) throw new Error(`invalid service name ${service}`);
  const role = `svc_${service}`;
  const owner = `svc_${service}_owner`;
  return [
    ...loginRoleSql(role, service),
    // The role its migrations run as (MIGRATION_DATABASE_URL, the init container's alone): a
    // member of the runtime role, so that it acts as the schema's owner; never the reverse.
    ...loginRoleSql(owner, service),
    `GRANT ${role} TO ${owner}`,
    `CREATE SCHEMA IF NOT EXISTS ${service} AUTHORIZATION ${role}`,
    `ALTER SCHEMA ${service} OWNER TO ${role}`,
    `REVOKE ALL ON SCHEMA ${service} FROM PUBLIC`,
  ];
}

export function renderDatabase() {
  const statements = [
    `REVOKE ALL ON DATABASE ${DATABASE} FROM PUBLIC`,
    `REVOKE CREATE ON SCHEMA public FROM PUBLIC`,
    ...SERVICES.flatMap(serviceSql),
    // The admin search's trigram index (svc-registrations) needs it; no service role may create it.
    `CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`,
    // R-AUDIT-APPEND-ONLY
    ...auditStoreSql(),
  ];
  const header = [
    '-- Rendered by deploy/k8s/render-database.mjs: do not edit. Run once by CloudNativePG in the',
    `-- new database ${DATABASE} as the superuser; idempotent, so it may be run again by hand after an`,
    '-- upgrade that changes it (docs/deploy.md). The roles get their passwords from the operator.',
  ];
  return `${header.join('\n')}\n\n${statements.map((s) => `${s};`).join('\n\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const text = renderDatabase();
  const current = fs.existsSync(outputFile) ? fs.readFileSync(outputFile, 'utf8') : undefined;
  if (current !== text) {
    if (process.argv.includes('--check')) {
      console.error(`out of date: ${path.relative(process.cwd(), outputFile)}`);
      process.exit(1);
    }
    fs.mkdirSync(path.dirname(outputFile), { recursive: true });
    fs.writeFileSync(outputFile, text);
    console.log(`wrote ${path.relative(process.cwd(), outputFile)}`);
  }
}
