import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureServiceDatabase, existingAdminUrl } from '@nsa/local-infra';
import { loadConfig } from './config.js';
import { findRepoRoot } from './infra.js';

/** svc-identity's command-line programs, by the name the root's npm scripts give them. */
const PROGRAMS = {
  'admin-create': 'admin-create.js',
  organisation: 'organisation.js',
} as const;

/**
 * `npm run admin:create -- --email E --name N` and `npm run organisation -- add …` beside a
 * local stack: finds svc-identity's database the way the launcher does and runs the service's
 * program there.
 */
async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const program = PROGRAMS[name as keyof typeof PROGRAMS];
  if (!program) throw new Error(`no program ${name}: one of ${Object.keys(PROGRAMS).join(', ')}`);
  const repoRoot = findRepoRoot();
  const config = loadConfig({ env: process.env, repoRoot });
  const adminUrl =
    config.databaseUrl ??
    existingAdminUrl(path.join(config.dataDir, 'postgres', 'data'), config.ports.postgres);
  const url = await ensureServiceDatabase(adminUrl, 'identity');
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'svc-identity/dist/src/cli', program), ...args],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        DATABASE_URL: url,
        DB_SCHEMA: 'identity',
        PUBLIC_BASE_URL: config.publicBaseUrl,
        SESSION_SECRET: config.sessionSecret,
      },
    },
  );
  process.exit(result.status ?? 1);
}

main().catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
