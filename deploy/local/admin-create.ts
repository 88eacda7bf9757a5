import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureServiceDatabase, existingAdminUrl } from '@nsa/local-infra';
import { loadConfig } from './config.js';
import { findRepoRoot } from './infra.js';

/**
 * `npm run admin:create -- --email E --name N` beside a local stack: finds
 * svc-identity's database the way the launcher does and runs its CLI there.
 */
async function main(): Promise<void> {
  const repoRoot = findRepoRoot();
  const config = loadConfig({ env: process.env, repoRoot });
  const adminUrl =
    config.databaseUrl ??
    existingAdminUrl(path.join(config.dataDir, 'postgres', 'data'), config.ports.postgres);
  const url = await ensureServiceDatabase(adminUrl, 'identity');
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'svc-identity/dist/src/cli/admin-create.js'), ...process.argv.slice(2)],
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
  process.stderr.write(`admin:create: ${err.message}\n`);
  process.exit(1);
});
