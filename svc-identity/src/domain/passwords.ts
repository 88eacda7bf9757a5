import argon2 from 'argon2';

/** OWASP's argon2id minimum: 19 MiB, two passes, one lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummy: Promise<string> | undefined;

/**
 * Verifies a password. Without a stored hash it still spends the same work on
 * a dummy hash, so a wrong email and a wrong password take the same time.
 */
export async function verifyPassword(
  hash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!hash) {
    dummy ??= hashPassword('dummy password for timing');
    await argon2.verify(await dummy, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
