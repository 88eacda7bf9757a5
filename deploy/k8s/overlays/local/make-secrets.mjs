#!/usr/bin/env node
// Makes the local overlay's secrets: writes `secrets.env` beside this file (git-ignored, so no
// secret or password is ever committed) with fresh random values, and prints what the developer
// needs once: the demo admin's password and the SQL for the database roles on the host's
// PostgreSQL (each service's role, and its owner role, which only its init container `migrate`
// connects as: <SERVICE>_MIGRATION_DATABASE_URL). Also NATS's certificate (R-NATS-ROUTES) in
// `nats-tls/` (git-ignored too): a CA made for this cluster alone (its key is not kept) and a
// certificate it signed for the NATS Services' names, which the nodes show clients and each
// other. Existing files are kept (what a
// later version adds is made) unless `--force` is given. Needs openssl.
//   node deploy/k8s/overlays/local/make-secrets.mjs [--force]
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const file = path.join(here, 'secrets.env');
const tlsDir = path.join(here, 'nats-tls');
const NAMESPACE = 'naschool-local';
// The table of services' names, rendered here by deploy/k8s/render-services.mjs: this script
// also runs alone, from a copy.
const SERVICES = ['catalog', 'registrations', 'identity', 'notify'];
/**
 * A letter, then 32 random bytes as URL-safe text: 44 characters, more than the 32 a secret
 * needs. The letter first because nats-server reads its users' and routes' passwords from its
 * environment as configuration text: a value that begins with a digit or '-' is read as a
 * number (and refused, or not the password), so every NATS password begins with a letter.
 */
const secret = () =>
  String.fromCharCode(97 + (randomBytes(1)[0] % 26)) + randomBytes(32).toString('base64url');
const force = process.argv.includes('--force');

/**
 * NATS's TLS files (the Secret nats-tls): `ca.crt`, and `tls.crt`/`tls.key` for the client
 * Service `nats` and the nodes `nats-0..2.nats-cluster`, for servers and clients alike (a route
 * shows it to the node it connects to, which verifies it). Returns whether it made them.
 */
function makeNatsTls() {
  const files = ['ca.crt', 'tls.crt', 'tls.key'].map((f) => path.join(tlsDir, f));
  if (!force && files.every((f) => fs.existsSync(f))) return false;
  fs.rmSync(tlsDir, { recursive: true, force: true });
  fs.mkdirSync(tlsDir, { mode: 0o700 });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nats-ca-'));
  const openssl = (...args) => {
    try {
      execFileSync('openssl', args, { cwd: tmp, stdio: 'pipe' });
    } catch (err) {
      const why = err.code === 'ENOENT' ? 'openssl not found' : String(err.stderr || err.message);
      throw new Error(`make-secrets.mjs: making NATS's certificate failed: ${why}`);
    }
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  // The client Service and each of the three nodes by its name in the headless Service, short
  // and qualified (no wildcard: it would not match a single-label parent for every client).
  const names = ['nats', ...[0, 1, 2].map((i) => `nats-${i}.nats-cluster`)].flatMap((host) => [
    host,
    `${host}.${NAMESPACE}`,
    `${host}.${NAMESPACE}.svc`,
    `${host}.${NAMESPACE}.svc.cluster.local`,
  ]);
  fs.writeFileSync(
    path.join(tmp, 'node.ext'),
    [
      'basicConstraints = critical, CA:FALSE',
      'keyUsage = critical, digitalSignature',
      'extendedKeyUsage = serverAuth, clientAuth',
      `subjectAltName = ${names.map((n) => `DNS:${n}`).join(', ')}`,
      '',
    ].join('\n'),
  );
  try {
    openssl(
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      path.join(tlsDir, 'ca.crt'),
      '-days',
      '3650',
      '-subj',
      '/CN=naschool NATS CA (local)',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign',
    );
    openssl(
      'req',
      ...ec,
      '-keyout',
      path.join(tlsDir, 'tls.key'),
      '-out',
      'node.csr',
      '-subj',
      '/CN=nats',
    );
    openssl(
      'x509',
      '-req',
      '-in',
      'node.csr',
      '-CA',
      path.join(tlsDir, 'ca.crt'),
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      path.join(tlsDir, 'tls.crt'),
      '-days',
      '825',
      '-extfile',
      'node.ext',
    );
    fs.chmodSync(path.join(tlsDir, 'tls.key'), 0o600);
  } finally {
    // The CA signs this one certificate only: its key goes (--force makes a new CA).
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return true;
}

/** A service's owner role's URL (the init container's MIGRATION_DATABASE_URL). */
const migrationUrl = (s, password) =>
  `${s.toUpperCase()}_MIGRATION_DATABASE_URL=postgres://svc_${s}_owner:${password}@postgres:5432/naschool`;

/**
 * What the developer runs once on the host's PostgreSQL for the owner roles of `services`: the
 * role its migrations run as, a member of the service's role (so it acts as its schema's owner).
 */
const ownerSql = (services, passwords) =>
  services.flatMap((s) => [
    `  CREATE ROLE svc_${s}_owner LOGIN PASSWORD '${passwords[s]}';`,
    `  GRANT CONNECT, TEMPORARY ON DATABASE naschool TO svc_${s}_owner;`,
    `  ALTER ROLE svc_${s}_owner IN DATABASE naschool SET search_path TO ${s};`,
    `  GRANT svc_${s} TO svc_${s}_owner;`,
  ]);

if (fs.existsSync(file) && !force) {
  const text = fs.readFileSync(file, 'utf8');
  if (!/^NATS_ROUTE_PASSWORD=/m.test(text)) {
    fs.appendFileSync(file, `NATS_ROUTE_PASSWORD=${secret()}\n`);
    console.log(`added NATS_ROUTE_PASSWORD to ${path.relative(process.cwd(), file)}`);
  }
  // The owner roles, for a secrets.env made before the services' migrations ran as them.
  const owners = SERVICES.filter(
    (s) => !new RegExp(`^${s.toUpperCase()}_MIGRATION_DATABASE_URL=`, 'm').test(text),
  );
  if (owners.length > 0) {
    const passwords = Object.fromEntries(owners.map((s) => [s, secret()]));
    fs.appendFileSync(file, owners.map((s) => `${migrationUrl(s, passwords[s])}\n`).join(''));
    console.log(`added ${owners.map((s) => `${s.toUpperCase()}_MIGRATION_DATABASE_URL`)}`);
    console.log('on the host PostgreSQL, in the database naschool, as a superuser:');
    for (const line of ownerSql(owners, passwords)) console.log(line);
  }
  if (makeNatsTls()) console.log(`wrote ${path.relative(process.cwd(), tlsDir)}/`);
  console.log(`${path.relative(process.cwd(), file)} exists; kept (--force makes new values)`);
  process.exit(0);
}

const dbPasswords = Object.fromEntries(SERVICES.map((s) => [s, secret()]));
const ownerPasswords = Object.fromEntries(SERVICES.map((s) => [s, secret()]));
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
  ...SERVICES.map((s) => migrationUrl(s, ownerPasswords[s])),
  'SMTP_URL=smtp://host.docker.internal:1025',
  ...SERVICES.map((s) => `${s.toUpperCase()}_NATS_PASSWORD=${secret()}`),
  // R-NATS-ROUTES: what a NATS node must give to join the cluster.
  `NATS_ROUTE_PASSWORD=${secret()}`,
  'BOOTSTRAP_ADMIN_EMAIL=beheer@voorbeeld.nl',
  `BOOTSTRAP_ADMIN_PASSWORD=${adminPassword}`,
];
fs.writeFileSync(file, lines.join('\n') + '\n', { mode: 0o600 });
makeNatsTls();

console.log(
  `wrote ${path.relative(process.cwd(), file)} and ${path.relative(process.cwd(), tlsDir)}/`,
);
console.log(`demo admin: beheer@voorbeeld.nl / ${adminPassword}`);
console.log('on the host PostgreSQL, in the database naschool, as a superuser (then the rest of');
console.log('docs/deploy.md\'s "PostgreSQL outside the cluster": pg_trgm, the audit store):');
for (const s of SERVICES) {
  console.log(`  CREATE ROLE svc_${s} LOGIN PASSWORD '${dbPasswords[s]}';`);
  console.log(`  GRANT CONNECT, TEMPORARY ON DATABASE naschool TO svc_${s};`);
  console.log(`  CREATE SCHEMA ${s} AUTHORIZATION svc_${s};`);
  console.log(`  ALTER ROLE svc_${s} IN DATABASE naschool SET search_path TO ${s};`);
}
for (const line of ownerSql(SERVICES, ownerPasswords)) console.log(line);
