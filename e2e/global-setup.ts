// Starts the whole product (PostgreSQL, NATS, mail catcher, four services, nginx with the
// shell and the three remotes) once for the run, on a fresh data directory, and returns the
// teardown that stops it again. Tests find the stack's facts through tests/fixtures.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { killLeftovers, startStack, type Stack } from 'deploy/stack';
import {
  ADMIN,
  PLATFORM_ADMIN,
  FACTS_ENV,
  baseURL as baseUrlFor,
  e2eRoot,
  gatewayPort,
  repoRoot,
  type StackFacts,
} from './lib/settings.js';

const HEALTH_TIMEOUT_MS = 120_000;
const DEMO_SCHOOL_TIMEOUT_MS = 60_000;
const DEMO_LINE = /demo school page: \S*\/schools\/([0-9a-f]{32})/;
// Kept for the error message when start-up fails, and copied next to the test results.
const LAUNCHER_LINES_KEPT = 400;

function say(line: string) {
  process.stdout.write(`[e2e] ${line}\n`);
}

/** The builds the gateway serves; without them every page test would fail in a puzzling way. */
function assertBuilt() {
  const needed = [
    'shell/dist/index.html',
    'mfe-public/dist/mf-manifest.json',
    'mfe-admin/dist/mf-manifest.json',
    'mfe-provider/dist/mf-manifest.json',
  ];
  const missing = needed.filter((f) => !fs.existsSync(path.join(repoRoot, f)));
  if (missing.length > 0) {
    throw new Error(
      `e2e: not built: ${missing.join(', ')}. Run \`node scripts/build.mjs\` in ${repoRoot} first.`,
    );
  }
}

async function loginCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (res.status !== 200) {
    throw new Error(
      `e2e: the bootstrap admin ${ADMIN.email} cannot log in: ${res.status} ${await res.text()}`,
    );
  }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('e2e: POST /api/auth/login answered 200 without a session cookie');
  return cookie;
}

interface SchoolRow {
  id: number;
  name: string;
  accessToken: string;
}

/**
 * The services seed the demo school just after they report healthy, so it may not exist yet
 * when startStack() returns: ask the admin API until it does. The launcher's console line
 * names the demo school's token, which tells it apart from any other school.
 */
async function demoSchool(url: string, announced: () => string | undefined): Promise<SchoolRow> {
  const cookie = await loginCookie(url);
  const deadline = Date.now() + DEMO_SCHOOL_TIMEOUT_MS;
  let last = '';
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/api/schools`, { headers: { cookie } });
    last = `${res.status} ${(await res.text()).slice(0, 300)}`;
    if (res.status === 200) {
      const schools = JSON.parse(last.slice(4)) as SchoolRow[];
      const token = announced();
      const school = token ? schools.find((s) => s.accessToken === token) : undefined;
      if (school) return school;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `e2e: no demo school after ${DEMO_SCHOOL_TIMEOUT_MS / 1000} s (DEMO_DATA=1); ` +
      `launcher line seen: ${announced() ? 'yes' : 'no'}; last GET /api/schools: ${last}`,
  );
}

function copyLogs(dataDir: string, lines: string[]) {
  const target = path.join(e2eRoot, 'test-results', 'stack-logs');
  try {
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, 'launcher.log'), `${lines.join('\n')}\n`);
    for (const [from, to] of [
      ['logs', 'services'],
      ['gateway/logs', 'gateway'],
    ] as const) {
      const dir = path.join(dataDir, from);
      if (fs.existsSync(dir)) fs.cpSync(dir, path.join(target, to), { recursive: true });
    }
  } catch (err) {
    say(`could not copy the stack's logs: ${(err as Error).message}`);
  }
}

export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  assertBuilt();
  const port = gatewayPort();
  const url = baseUrlFor(port);
  const keep = process.env.E2E_KEEP_DATA === '1';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nsa-e2e-'));
  const lines: string[] = [];
  let announcedToken: string | undefined;
  const log = (line: string) => {
    lines.push(line);
    if (lines.length > LAUNCHER_LINES_KEPT) lines.shift();
    const demo = DEMO_LINE.exec(line);
    if (demo) announcedToken = demo[1];
    if (process.env.E2E_STACK_LOG === '1' || / (ERROR|FATAL) |exited unexpectedly/.test(line)) {
      say(`stack: ${line}`);
    }
  };

  const removeDataDir = () => {
    if (keep) say(`data directory kept (E2E_KEEP_DATA=1): ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const onExit = () => killLeftovers(dataDir);
  process.on('exit', onExit);

  say(`starting the stack on ${url} (data in ${dataDir})`);
  const started = Date.now();
  let stack: Stack;
  try {
    stack = await startStack({
      gatewayPort: port,
      dataDir,
      repoRoot,
      log,
      healthTimeoutMs: HEALTH_TIMEOUT_MS,
      env: {
        DEMO_DATA: '1',
        BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
        BOOTSTRAP_ADMIN_NAME: ADMIN.name,
        BOOTSTRAP_PLATFORM_EMAIL: PLATFORM_ADMIN.email,
        BOOTSTRAP_PLATFORM_PASSWORD: PLATFORM_ADMIN.password,
        // Every test signs up from the same address; the login limit stays at its default.
        SIGNUP_RATE_LIMIT: '0',
        // Whatever the calling shell has set, the stack the tests start is this one.
        GATEWAY_PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_BASE_URL: url,
        DATABASE_URL: '',
        NATS_URL: '',
        SMTP_URL: '',
        SESSION_SECRET: '',
        LOGIN_RATE_LIMIT: '',
      },
    });
  } catch (err) {
    copyLogs(dataDir, lines);
    removeDataDir();
    process.off('exit', onExit);
    const tail = lines.slice(-25).map((l) => `    ${l}`);
    throw new Error(
      `e2e: the product stack did not start on port ${port}: ${(err as Error).message}\n` +
        (tail.length ? `  last launcher lines:\n${tail.join('\n')}\n` : '') +
        `  (logs copied to e2e/test-results/stack-logs; set E2E_GATEWAY_PORT for another port, ` +
        'E2E_KEEP_DATA=1 to keep the data directory)',
      { cause: err },
    );
  }

  const teardown = async () => {
    const t0 = Date.now();
    try {
      await stack.stop();
    } finally {
      copyLogs(dataDir, lines);
      removeDataDir();
      process.off('exit', onExit);
      say(`stack stopped in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  };

  try {
    const school = await demoSchool(url, () => announcedToken);
    const facts: StackFacts = {
      baseURL: url,
      gatewayPort: port,
      dataDir,
      logDir: path.join(dataDir, 'logs'),
      gatewayLogDir: path.join(dataDir, 'gateway', 'logs'),
      registryFile: path.join(dataDir, 'gateway', 'mfe-registry.json'),
      smtpUrl: stack.smtpUrl,
      mailWebUrl: stack.mailWebUrl,
      admin: { ...ADMIN },
      demoSchool: {
        id: school.id,
        name: school.name,
        token: school.accessToken,
        url: `${url}/schools/${school.accessToken}`,
      },
      startedInMs: Date.now() - started,
    };
    const factsFile = path.join(dataDir, 'e2e-stack.json');
    fs.writeFileSync(factsFile, `${JSON.stringify(facts, null, 2)}\n`);
    // Workers are started after the global setup and inherit its environment.
    process.env[FACTS_ENV] = factsFile;
    say(`stack ready in ${(facts.startedInMs / 1000).toFixed(1)} s; demo school ${school.name}`);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
