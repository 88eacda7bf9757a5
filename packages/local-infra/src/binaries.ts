import fs from 'node:fs';
import path from 'node:path';

/** Finds an executable on PATH. */
export function which(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return undefined;
}

/**
 * PostgreSQL server binaries: Debian keeps them in /usr/lib/postgresql/<major>/bin, off PATH.
 * initdb and postgres must come from the same major version, so both are looked up together.
 */
export function findPostgresBinDir(): string {
  const onPath = which('postgres');
  if (onPath && which('initdb')) return path.dirname(fs.realpathSync(onPath));
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = majors[0];
  if (newest === undefined) {
    throw new Error(
      'PostgreSQL server binaries (initdb, postgres) not found: apt-get install -y postgresql',
    );
  }
  return path.join(root, newest, 'bin');
}
