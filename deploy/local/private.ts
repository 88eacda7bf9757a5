import fs from 'node:fs';
import path from 'node:path';

/**
 * R-RUN-DATA-PRIVATE: DATA_DIR holds the product's secrets, its database, the mail catcher's
 * messages (parents' links, admins' password links) and logs, so no other user may read any of
 * it. The launcher's process, and so every process it starts (maildev, nats-server, nginx,
 * the services), creates files with umask 077: directories 0700, files 0600. What an earlier
 * version left readable is closed here on every start: group and other bits are removed from
 * everything under DATA_DIR this user owns. PostgreSQL's own data directory is left to it
 * (0700, its own user when the launcher runs as root); DATA_DIR and its `postgres` folder keep
 * a group search bit, which `startPostgres` gives the postgres user's group when it must walk
 * down to its data as another user.
 */
export function makeDataDirPrivate(dataDir: string): void {
  process.umask(0o077);
  const uid = process.getuid?.();
  const pgFolder = path.join(dataDir, 'postgres');
  const pgData = path.join(pgFolder, 'data');
  const close = (p: string, keep: number) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink() || (uid !== undefined && st.uid !== uid)) return st;
    const mode = st.mode & 0o7777;
    const closed = mode & ~(0o077 & ~keep);
    if (closed !== mode) fs.chmodSync(p, closed);
    return st;
  };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (p === pgData) continue;
      const st = close(p, p === pgFolder ? 0o010 : 0);
      if (st.isDirectory() && (uid === undefined || st.uid === uid)) walk(p);
    }
  };
  close(dataDir, 0o010);
  walk(dataDir);
}
