#!/usr/bin/env node
// Makes the local overlay's secrets: writes `secrets.env` beside this file (git-ignored, so no
// secret or password is ever committed) with fresh random values, and prints what the developer
// needs once: the demo admin's password and the SQL for the database roles on the host's
// PostgreSQL. An existing file is kept unless `--force` is given.
//   node deploy/k8s/overlays/local/make-secrets.mjs [--force]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.join(here, 'secrets.env');
const SERVICES = ['catalog', 'registrations', 'identity', 'notify'];
/** 32 random bytes as URL-safe text: 43 characters, more than the 32 a secret needs. */
const secret = () => randomBytes(32).toString('base64url');

if (fs.existsSync(file) && !process.argv.includes('--force')) {
  console.log(`${path.relative(process.cwd(), file)} exists; kept (--force makes new values)`);
  process.exit(0);
}

const dbPasswords = Object.fromEntries(SERVICES.map((s) => [s, secret()]));
const adminPassword = secret();
const lines = [
  '# Made by make-secrets.mjs for a developer cluster only; never committed.',
  `SESSION_SECRET=${secret()}`,
  `LINK_SEAL_SECRET=${secret()}`,
  `IDENTITY_SECRET=${secret()}`,
  ...SERVICES.map(
    (s) =>
      `${s.toUpperCase()}_DATABASE_URL=postgres://svc_${s}:${dbPasswords[s]}@postgres:5432/naschool`,
  ),
  'SMTP_URL=smtp://host.docker.internal:1025',
  ...SERVICES.map((s) => `${s.toUpperCase()}_NATS_PASSWORD=${secret()}`),
  'BOOTSTRAP_ADMIN_EMAIL=beheer@voorbeeld.nl',
  `BOOTSTRAP_ADMIN_PASSWORD=${adminPassword}`,
];
fs.writeFileSync(file, lines.join('\n') + '\n', { mode: 0o600 });

console.log(`wrote ${path.relative(process.cwd(), file)}`);
console.log(`demo admin: beheer@voorbeeld.nl / ${adminPassword}`);
console.log('on the host PostgreSQL, in the database naschool, as a superuser (then the rest of');
console.log('docs/deploy.md\'s "PostgreSQL outside the cluster": pg_trgm, the audit store):');
for (const s of SERVICES) {
  console.log(`  CREATE ROLE svc_${s} LOGIN PASSWORD '${dbPasswords[s]}';`);
  console.log(`  GRANT CONNECT, TEMPORARY ON DATABASE naschool TO svc_${s};`);
  console.log(`  CREATE SCHEMA ${s} AUTHORIZATION svc_${s};`);
  console.log(`  ALTER ROLE svc_${s} IN DATABASE naschool SET search_path TO ${s};`);
}
