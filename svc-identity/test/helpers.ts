import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { QueryTypes, openLink, type RunningService } from '@nsa/service-kit';
import { assertApiAnswer, serviceTestEnv } from '@nsa/service-kit/testing';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll } from 'vitest';
import { start } from '../src/start.js';

export const LINK_SEAL_SECRET = 'link-seal-secret-for-tests-0123456789abcdef';
export const IDENTITY_SECRET = 'identity-secret-for-tests-0123456789abcdefgh';
export const ADMIN = {
  email: 'Admin@School.nl',
  password: 'correct horse battery',
  name: 'Anna Admin',
};

export async function identityEnv(
  infra: { adminUrl: string; natsUrl: string },
  extra: Record<string, string> = {},
) {
  return serviceTestEnv(infra, 'identity', {
    LINK_SEAL_SECRET,
    IDENTITY_SECRET,
    BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    BOOTSTRAP_ADMIN_NAME: ADMIN.name,
    ...extra,
  });
}

/** A tiny client that keeps the session cookie like a browser would. */
export class Client {
  cookie = '';
  lastSetCookie = '';
  platformCookie = '';
  lastPlatformCookie = '';
  constructor(
    readonly base: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie || this.platformCookie
          ? {
              cookie: [this.cookie, path.startsWith('/api/platform/') ? this.platformCookie : '']
                .filter(Boolean)
                .join('; '),
            }
          : {}),
        ...this.headers,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('nsa_session='));
    if (set) {
      this.lastSetCookie = set;
      const value = set.split(';')[0]!;
      this.cookie = value === 'nsa_session=' ? '' : value;
    }
    // R-PLATFORM-ACCOUNTS: the platform's own cookie, kept apart and sent on its calls alone.
    const platform = res.headers.getSetCookie().find((c) => c.startsWith('nsa_platform='));
    if (platform) {
      this.lastPlatformCookie = platform;
      const value = platform.split(';')[0]!;
      this.platformCookie = value === 'nsa_platform=' ? '' : value;
    }
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are asserted field by field
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    // R-API-DOC: every /api answer matches the API's description.
    assertApiAnswer(method, path, res.status, res.headers.get('content-type') ?? '', json);
    return { status: res.status, body: json, headers: res.headers };
  }

  login(email = ADMIN.email, password = ADMIN.password) {
    return this.call('POST', '/api/auth/login', { email, password });
  }
}

/** Reads the newest sealed link event of a type from the outbox and opens it as svc-notify would. */
export async function latestLink(
  svc: RunningService,
  type: string,
): Promise<{ token: string; email: string; link: string }> {
  const [row] = await svc.ctx.sequelize.query<{ data: { sealedLink: string; email: string } }>(
    'SELECT data FROM outbox WHERE type = :type ORDER BY seq DESC LIMIT 1',
    { replacements: { type }, type: QueryTypes.SELECT },
  );
  if (!row) throw new Error(`no ${type} event`);
  const link = openLink(row.data.sealedLink, LINK_SEAL_SECRET);
  if (!link) throw new Error(`the ${type} event's link cannot be opened`);
  return { link, email: row.data.email, token: new URL(link).searchParams.get('token')! };
}

/** The code an authenticator app shows for a secret at a time (RFC 6238: SHA-1, 6 digits, 30 s). */
export function codeAt(secretBase32: string, now = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), timestamp: now });
}

/**
 * svc-identity running for a test file, and one of its command-line programs
 * (`dist/src/cli/<program>.js`) run beside it with the same environment, as an operator runs it
 * on the service's database.
 */
export function serviceWithProgram(
  infra: { adminUrl: string; natsUrl: string },
  program: 'admin-create' | 'organisation',
): { service: () => RunningService; run: (...args: string[]) => SpawnSyncReturns<string> } {
  const cli = fileURLToPath(new URL(`../dist/src/cli/${program}.js`, import.meta.url));
  let svc: RunningService | undefined;
  let env: NodeJS.ProcessEnv = {};
  beforeAll(async () => {
    env = await identityEnv(infra);
    svc = await start({ env });
  });
  afterAll(() => svc?.stop());
  return {
    service: () => svc!,
    run: (...args) =>
      spawnSync(process.execPath, [cli, ...args], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
      }),
  };
}
