import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { currentOrganisation } from './context.js';
import { normaliseEmail } from './privacy.js';

/**
 * Who asked for an erasure: an admin (of an address, on request), a parent (of a sign-up), or
 * the platform (of a whole organisation, R-PLATFORM-DELETE: the line's `organisation`).
 */
export type ErasureKind = 'admin' | 'parent' | 'organisation';

/**
 * One line of the erasure ledger (R-ERASURE-LEDGER): when, who asked, the sign-ups erased and,
 * for an admin's erasure of an address, the address as a keyed hash (`subject`). Nothing in it
 * names a person: the hash's key is kept next to the ledger, never in the database or a backup.
 */
export interface ErasureLedgerEntry {
  at: string;
  kind: ErasureKind;
  registrationIds: number[];
  subject?: string;
  /** The organisation whose erasure it was (R-ORG-RLS); none in lines of before: 1's. */
  organisation?: number;
}

/** What a service appends; the address, if any, is hashed before anything is written. */
export interface NewErasure {
  kind: ErasureKind;
  registrationIds: number[];
  email?: string;
}

/** The port the erasing domain writes to (a test or a replay may give one that writes nothing). */
export interface ErasureRecorder {
  append(erasure: NewErasure): Promise<void>;
}

/**
 * R-ERASURE-LEDGER: every erasure appended to a file outside the database (`ERASURE_LEDGER`), one
 * JSON line each, so that a restore of an older backup can do every later erasure again
 * (R-ERASURE-REPLAY). A line is written with O_APPEND in one `write` and synced before the
 * erasure goes on, so two processes of a service append safely and an erasure that answered 2xx
 * is always in it. The hash key lives in `<ledger>.key`, made once (the first process to link
 * its file there wins, so every process uses the same key).
 */
export class ErasureLedger implements ErasureRecorder {
  private cachedKey: Buffer | undefined;

  constructor(readonly file: string) {}

  get keyFile(): string {
    return `${this.file}.key`;
  }

  /** Makes the ledger's folder, key and file if missing; a process calls it on start. */
  prepare(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    this.key();
    fs.closeSync(fs.openSync(this.file, 'a', 0o600));
  }

  /** The key of `subject`, made once: 32 random bytes, hex, in a file only its owner reads. */
  key(): Buffer {
    if (this.cachedKey) return this.cachedKey;
    if (!fs.existsSync(this.keyFile)) {
      fs.mkdirSync(path.dirname(this.keyFile), { recursive: true, mode: 0o700 });
      const tmp = `${this.keyFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
      const fd = fs.openSync(tmp, 'wx', 0o600);
      try {
        fs.writeSync(fd, `${randomBytes(32).toString('hex')}\n`);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      try {
        // Atomic and refused when another process made the key first: then that one counts.
        fs.linkSync(tmp, this.keyFile);
        syncDir(path.dirname(this.keyFile));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      } finally {
        fs.rmSync(tmp, { force: true });
      }
    }
    const hex = fs.readFileSync(this.keyFile, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/.test(hex))
      throw new Error(`${this.keyFile} is not an erasure ledger key`);
    this.cachedKey = Buffer.from(hex, 'hex');
    return this.cachedKey;
  }

  /** HMAC-SHA-256, hex, of the normalised address (R-PRIVACY-MATCH) under the ledger's key. */
  subjectHash(email: string): string {
    return createHmac('sha256', this.key()).update(normaliseEmail(email)).digest('hex');
  }

  /** Appends one erasure and syncs it to disk; answers the line as written. */
  async append(erasure: NewErasure): Promise<void> {
    const entry: ErasureLedgerEntry = {
      at: new Date().toISOString(),
      kind: erasure.kind,
      registrationIds: [...erasure.registrationIds],
      ...(erasure.email === undefined ? {} : { subject: this.subjectHash(erasure.email) }),
      organisation: currentOrganisation() ?? 1,
    };
    const created = !fs.existsSync(this.file);
    const handle = await fs.promises.open(this.file, 'a', 0o600);
    try {
      await handle.write(`${JSON.stringify(entry)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (created) syncDir(path.dirname(this.file));
  }

  /**
   * Every entry, in the order written. A line cut short by a crash while it was written (its
   * erasure never answered 2xx) is skipped; an absent ledger holds none.
   */
  read(): ErasureLedgerEntry[] {
    if (!fs.existsSync(this.file)) return [];
    const entries: ErasureLedgerEntry[] = [];
    for (const line of fs.readFileSync(this.file, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      let e: Partial<ErasureLedgerEntry>;
      try {
        e = JSON.parse(line) as Partial<ErasureLedgerEntry>;
      } catch {
        continue;
      }
      if (
        typeof e.at !== 'string' ||
        Number.isNaN(Date.parse(e.at)) ||
        (e.kind !== 'admin' && e.kind !== 'parent' && e.kind !== 'organisation') ||
        !Array.isArray(e.registrationIds) ||
        !e.registrationIds.every((id) => Number.isSafeInteger(id))
      )
        continue;
      entries.push({
        at: e.at,
        kind: e.kind,
        registrationIds: e.registrationIds,
        ...(typeof e.subject === 'string' ? { subject: e.subject } : {}),
        ...(Number.isSafeInteger(e.organisation) && e.organisation! > 0
          ? { organisation: e.organisation }
          : {}),
      });
    }
    return entries;
  }
}

/** A new name in a folder lasts a crash only once the folder itself is synced. */
function syncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
