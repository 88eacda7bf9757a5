// `npm run backup -- --out FILE` and `npm run restore -- FILE` (docs/operations.md), with the
// launcher's environment: DATA_DIR, GATEWAY_PORT (PG_PORT), DATABASE_URL.
import { findRepoRoot } from '../local/infra.js';
import { backupProduct } from './backup.js';
import { restoreProduct } from './restore.js';

const USAGE = `usage:
  npm run backup -- --out FILE    write one file with every service's data (the product may run)
  npm run restore -- FILE         bring a backup back into an empty DATA_DIR or DATABASE_URL
Both read DATA_DIR, GATEWAY_PORT and DATABASE_URL as npm start does. The backup is encrypted
to BACKUP_RECIPIENT (age1…), else to the key pair made once in DATA_DIR/backup-identity, and
signed with DATA_DIR/backup-signing-key; restore reads the identity file from BACKUP_IDENTITY
(default DATA_DIR/backup-identity) and refuses a file its signers did not sign; it also reads
ERASURE_LEDGER (default DATA_DIR/erasures) and does every erasure made since the backup again.`;

const log = (line: string) => console.log(`[naschool] ${line}`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  const repoRoot = findRepoRoot();
  if (command === 'backup') {
    const i = args.indexOf('--out');
    const out = i >= 0 ? args[i + 1] : undefined;
    if (!out || args.length !== 2) throw new UsageError();
    const r = await backupProduct({ out, repoRoot, log });
    const rows = Object.values(r.manifest.database.rows).reduce((a, b) => a + b, 0);
    log(
      `backup of ${r.manifest.takenAt}: ${rows} rows, ${mb(r.bytes)} in ${r.seconds.toFixed(1)} s`,
    );
    log(`${r.file}: encrypted to ${r.recipient} and signed (mode 0600)`);
    if (r.identityFile)
      log(
        `restore it with BACKUP_IDENTITY=${r.identityFile}: keep a copy of that file apart ` +
          'from the backups, without it no backup can be restored',
      );
  } else if (command === 'restore') {
    if (args.length !== 1 || args[0]!.startsWith('-')) throw new UsageError();
    const r = await restoreProduct({ file: args[0]!, repoRoot, log });
    const rows = Object.values(r.manifest.database.rows).reduce((a, b) => a + b, 0);
    const events = Object.values(r.republish).reduce((a, b) => a + b, 0);
    log(
      `restored the backup of ${r.manifest.takenAt} (${rows} rows) in ${r.seconds.toFixed(1)} s; ` +
        `${r.sessionsEnded} sessions ended; ${events} events are published again on start`,
    );
    if (r.erasures)
      log(
        `erasures since the backup done again: ${r.erasures.replayed} of ${r.erasures.entries} ` +
          `(${r.erasures.signups} sign-ups) from ${r.erasures.ledger}`,
      );
    log('start the product on it with npm start (same DATA_DIR, GATEWAY_PORT, DATABASE_URL)');
  } else {
    throw new UsageError();
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).catch((err: Error) => {
  if (err instanceof UsageError) {
    console.error(USAGE);
    process.exit(2);
  }
  console.error(`[naschool] ${process.argv[2] ?? ''} failed: ${err.message}`);
  process.exit(1);
});
