// The backup file (docs/operations.md): a tar of three members, written and read with the
// system's tar, encrypted and signed as seal.ts says (R-OPS-BACKUP-SEALED).
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { SecretName } from './target.js';

export const FORMAT = 'naschool-backup';
/** 2: the tar is sealed (seal.ts); a file of version 1 (a plain tar) is refused. */
export const FORMAT_VERSION = 2;
export const MEMBERS = {
  manifest: 'manifest.json',
  secrets: 'secrets.json',
  dump: 'database.pgdump',
} as const;

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  /** When the database snapshot was taken (the server's clock). */
  takenAt: string;
  product: { version: string; commit: string | null; services: Record<string, string> };
  database: {
    name: string;
    serverVersion: string;
    schemas: string[];
    /** Rows per table (`schema.table`) in the dump's snapshot. */
    rows: Record<string, number>;
  };
  /** pg_dump's custom-format archive of the schemas. */
  dump: { member: string; bytes: number; sha256: string };
  /** Names of the secrets in secrets.json (never their values). */
  secrets: SecretName[];
  /** What of NATS the file holds: no stream; the outbox rows are published again on restore. */
  nats: string;
}

export type Secrets = Record<SecretName, string>;

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
