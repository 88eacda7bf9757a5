// R-OPS-BACKUP-SEALED: a backup file is the tar of archive.ts encrypted with age to a key that
// is not inside it, followed by one line that signs it with a key that is not inside it either:
//
//   <age file (age-encryption.org/v1) of the tar> "\n-- naschool-backup-signature ed25519 "
//   <signer's public key, base64url> " " <Ed25519 signature, base64url> "\n"
//
// The signature is over SHA-512 of every byte before that line (the whole age file), so a
// restore refuses a changed file before it decrypts anything, and a new file made by someone
// who has only the public recipient (age1…: anyone may encrypt to it) too: it is signed by a
// key that the identity file does not name. The keys (docs/operations.md "Backup and restore"):
// - the age identity (AGE-SECRET-KEY-1…), in `$DATA_DIR/backup-identity` unless the backup is
//   made to `BACKUP_RECIPIENT`; restore reads it from `BACKUP_IDENTITY`;
// - the signing key (Ed25519), `$DATA_DIR/backup-signing-key`, made once beside the identity;
//   its public half is a `# backup-signer: …` line of the identity file, which is what a
//   restore trusts (a comment to age, so `age -d -i` reads the same file).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';

export const IDENTITY_FILE = 'backup-identity';
export const SIGNING_KEY_FILE = 'backup-signing-key';
export const SIGNER_PREFIX = '# backup-signer: ';
const AGE_MAGIC = 'age-encryption.org/v1\n';
const TRAILER_TAG = '\n-- naschool-backup-signature ed25519 ';
/** base64url of a 32-byte public key and of a 64-byte signature. */
const KEY_CHARS = 43;
const SIG_CHARS = 86;
export const TRAILER_BYTES = TRAILER_TAG.length + KEY_CHARS + 1 + SIG_CHARS + 1;
/** What is signed: this, then SHA-512 of the age file. */
const SIGNED_PREFIX = Buffer.from('naschool-backup v2 sha512\0');

export interface SealKeys {
  /** The age recipient the backup is encrypted to. */
  recipient: string;
  signingKey: crypto.KeyObject;
  /** The signing key's public half as the identity file names it. */
  signer: string;
  /** `$DATA_DIR/backup-identity` when the backup is made to it (no BACKUP_RECIPIENT). */
  identityFile?: string;
}

export interface OpenKeys {
  identityFile: string;
  identities: string[];
  /** Public keys of the signers whose backups this identity accepts. */
  signers: string[];
}

/** The public half of an Ed25519 key as 43 characters of base64url (its raw 32 bytes). */
function publicText(key: crypto.KeyObject): string {
  const jwk = crypto.createPublicKey(key).export({ format: 'jwk' });
  if (jwk.crv !== 'Ed25519' || typeof jwk.x !== 'string' || jwk.x.length !== KEY_CHARS)
    throw new Error('the backup signing key is not an Ed25519 key');
  return jwk.x;
}

function signerKey(text: string): crypto.KeyObject {
  return crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: text }, format: 'jwk' });
}

/** An age identity file: its identities and the signers it names (every other line ignored). */
export function readIdentityFile(file: string): OpenKeys {
  const identities: string[] = [];
  const signers: string[] = [];
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (line.startsWith('AGE-SECRET-KEY-')) identities.push(line);
    else if (line.startsWith(SIGNER_PREFIX.trim())) {
      const signer = line.slice(SIGNER_PREFIX.trim().length).trim();
      if (!/^[A-Za-z0-9_-]{43}$/.test(signer))
        throw new Error(`${file}: a backup-signer line must give 43 characters of base64url`);
      signers.push(signer);
    }
  }
  return { identityFile: file, identities, signers };
}

function writePrivate(file: string, text: string): void {
  fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
}

/**
 * The keys `npm run backup` seals with: BACKUP_RECIPIENT, else the key pair of
 * `$DATA_DIR/backup-identity` (made on the first backup); the signing key of
 * `$DATA_DIR/backup-signing-key` (made on the first backup), which the identity made here names.
 */
export async function sealKeys(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  log: (line: string) => void,
): Promise<SealKeys> {
  const given = env.BACKUP_RECIPIENT?.trim();
  if (given) {
    try {
      if (!given.startsWith('age1')) throw new Error('not age1');
      new Encrypter().addRecipient(given);
    } catch {
      throw new Error('BACKUP_RECIPIENT must be an age public key (age1…)');
    }
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const signingFile = path.join(dataDir, SIGNING_KEY_FILE);
  const identityFile = given ? undefined : path.join(dataDir, IDENTITY_FILE);

  let signingKey: crypto.KeyObject;
  if (fs.existsSync(signingFile)) {
    signingKey = crypto.createPrivateKey(fs.readFileSync(signingFile, 'utf8'));
  } else {
    signingKey = crypto.generateKeyPairSync('ed25519').privateKey;
    writePrivate(signingFile, signingKey.export({ format: 'pem', type: 'pkcs8' }).toString());
    log(`made the backup signing key ${signingFile}`);
  }
  const signer = publicText(signingKey);

  let recipient = given;
  if (identityFile) {
    if (!fs.existsSync(identityFile)) {
      const identity = await generateX25519Identity();
      const made = await identityToRecipient(identity);
      writePrivate(
        identityFile,
        [
          '# The naschool backups key: decrypts the backups and names the key they must be',
          '# signed with. Keep a copy apart from the backups: without it none can be restored.',
          `# created: ${new Date().toISOString()}`,
          `# public key: ${made}`,
          `${SIGNER_PREFIX}${signer}`,
          identity,
          '',
        ].join('\n'),
      );
      log(
        `made the backup key pair ${identityFile}: keep a copy of it apart from the backups ` +
          '(npm run restore needs it; BACKUP_IDENTITY=FILE)',
      );
    }
    const keys = readIdentityFile(identityFile);
    if (keys.identities.length === 0)
      throw new Error(`${identityFile} holds no age identity (AGE-SECRET-KEY-1…)`);
    recipient = await identityToRecipient(keys.identities[0]!);
    if (!keys.signers.includes(signer)) {
      fs.appendFileSync(identityFile, `${SIGNER_PREFIX}${signer}\n`);
      log(`${identityFile} now also accepts backups signed by ${SIGNING_KEY_FILE}`);
    }
  } else {
    log(
      `signed with ${signingFile}: the identity file of BACKUP_RECIPIENT must hold the line ` +
        `"${SIGNER_PREFIX}${signer}" for npm run restore to accept it`,
    );
  }
  return { recipient: recipient!, signingKey, signer, identityFile };
}

/** Where `npm run restore` finds the identity: BACKUP_IDENTITY, else `$DATA_DIR/backup-identity`. */
export function openKeys(env: NodeJS.ProcessEnv, dataDir: string, repoRoot: string): OpenKeys {
  const fallback = path.join(dataDir, IDENTITY_FILE);
  const file = env.BACKUP_IDENTITY
    ? path.resolve(repoRoot, env.BACKUP_IDENTITY)
    : fs.existsSync(fallback)
      ? fallback
      : undefined;
  if (!file)
    throw new Error(
      `BACKUP_IDENTITY is not set and there is no ${fallback}: a backup is restored with the ` +
        'identity file it was made for (BACKUP_IDENTITY=FILE)',
    );
  if (!fs.existsSync(file)) throw new Error(`BACKUP_IDENTITY: no file ${file}`);
  const keys = readIdentityFile(file);
  if (keys.identities.length === 0)
    throw new Error(`${file} holds no age identity (AGE-SECRET-KEY-1…)`);
  if (keys.signers.length === 0)
    throw new Error(
      `${file} names no backup signer: add the "${SIGNER_PREFIX}…" line that npm run backup printed`,
    );
  return keys;
}

class Hashing extends Transform {
  readonly hash = crypto.createHash('sha512');
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.hash.update(chunk);
    this.push(chunk);
    done();
  }
}

const toWeb = (r: Readable) => Readable.toWeb(r) as unknown as ReadableStream<Uint8Array>;
const fromWeb = (w: ReadableStream<Uint8Array>) =>
  Readable.fromWeb(w as unknown as WebReadableStream<Uint8Array>);

function signed(digest: Buffer): Buffer {
  return Buffer.concat([SIGNED_PREFIX, digest]);
}

/** Encrypts `plain` (streamed) to the recipient into `fd`, then appends the signature line. */
export async function sealTo(plain: Readable, fd: number, keys: SealKeys): Promise<void> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(keys.recipient);
  const sealed = fromWeb(await encrypter.encrypt(toWeb(plain)));
  const hashing = new Hashing();
  await pipeline(sealed, hashing, fs.createWriteStream('', { fd, autoClose: false }));
  const signature = crypto.sign(null, signed(hashing.hash.digest()), keys.signingKey);
  fs.writeSync(fd, `${TRAILER_TAG}${keys.signer} ${signature.toString('base64url')}\n`);
}

export interface Verified {
  /** Bytes of the age file (the file less its signature line). */
  bytes: number;
  digest: Buffer;
}

/**
 * Checks the file's signature by a signer the identity names, reading it once; nothing of it is
 * decrypted or trusted before this.
 */
export async function verifySealed(file: string, keys: OpenKeys): Promise<Verified> {
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r');
  let head: Buffer;
  let tail: Buffer;
  try {
    head = Buffer.alloc(Math.min(AGE_MAGIC.length, size));
    fs.readSync(fd, head, 0, head.length, 0);
    tail = Buffer.alloc(Math.min(TRAILER_BYTES, size));
    fs.readSync(fd, tail, 0, tail.length, size - tail.length);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString('latin1') !== AGE_MAGIC || size <= TRAILER_BYTES)
    throw new Error(
      `${file} is not an encrypted backup of this product (a backup of a release before ` +
        'encrypted backups cannot be restored: make a new one)',
    );
  const line = tail.toString('latin1');
  const m =
    /^\n-- naschool-backup-signature ed25519 ([A-Za-z0-9_-]{43}) ([A-Za-z0-9_-]{86})\n$/.exec(line);
  if (!m) throw new Error(`${file} has been changed: its signature line is damaged`);
  const [, signer, signature] = m;
  if (!keys.signers.includes(signer!))
    throw new Error(
      `${file} is signed by a key that ${keys.identityFile} does not name as a backup signer: ` +
        'refused (made or changed by someone else)',
    );
  const bytes = size - TRAILER_BYTES;
  const hashing = new Hashing();
  await pipeline(fs.createReadStream(file, { start: 0, end: bytes - 1 }), hashing, async (s) => {
    for await (const _ of s) void _;
  });
  const digest = hashing.hash.digest();
  if (
    !crypto.verify(null, signed(digest), signerKey(signer!), Buffer.from(signature!, 'base64url'))
  )
    throw new Error(`${file} has been changed since it was signed: refused`);
  return { bytes, digest };
}

/**
 * Decrypts a verified file into `out` (streamed), reading the file again: if what it reads now
 * differs from what was verified, it fails at the end, and the caller drops what was written.
 */
export async function openSealed(
  file: string,
  verified: Verified,
  keys: OpenKeys,
  out: Writable,
): Promise<void> {
  const hashing = new Hashing();
  const source = fs.createReadStream(file, { start: 0, end: verified.bytes - 1 }).pipe(hashing);
  const decrypter = new Decrypter();
  for (const identity of keys.identities) decrypter.addIdentity(identity);
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(toWeb(source));
  } catch (err) {
    source.destroy();
    throw new Error(
      `${file} cannot be decrypted with the identity of ${keys.identityFile}: ` +
        `${(err as Error).message}`,
    );
  }
  await pipeline(fromWeb(plain), out);
  if (!hashing.hash.digest().equals(verified.digest))
    throw new Error(`${file} changed while it was read: refused`);
}
