// Settings shared by the Playwright config, the global setup and the tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const e2eRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(e2eRoot, '..');

/**
 * The gateway port of the stack the tests start (`E2E_GATEWAY_PORT`, default 18600). The
 * stack's internal ports derive from it (+10001 ... +10026), well away from a `npm start` on
 * 8080 and from the services' own test ports.
 */
export function gatewayPort(): number {
  const raw = process.env.E2E_GATEWAY_PORT;
  if (raw === undefined || raw === '') return 18600;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1024 || port > 65535) {
    throw new Error(`E2E_GATEWAY_PORT must be an integer 1024-65535, got ${JSON.stringify(raw)}`);
  }
  return port;
}

/** `localhost`, not 127.0.0.1: the services compare a request's Origin with PUBLIC_BASE_URL. */
export const baseURL = (port = gatewayPort()) => `http://localhost:${port}`;

/** The bootstrap admin the stack creates on start (R-RUN-BOOTSTRAP-ADMIN). */
export const ADMIN = {
  email: 'e2e-admin@school.nl',
  password: 'E2e-Test-Wachtwoord-2024!',
  name: 'E2E Beheerder',
} as const;

/** R-PLATFORM-ACCOUNTS: the platform administrator the stack is started with. */
export const PLATFORM_ADMIN = {
  email: 'e2e-platform@beheer.example',
  password: 'E2e-Platform-Wachtwoord-2024!',
} as const;

/** Set by the global setup; names the JSON file with the running stack's facts. */
export const FACTS_ENV = 'E2E_STACK_FILE';

/** What the global setup knows about the stack it started; tests read it through fixtures.ts. */
export interface StackFacts {
  /** http://localhost:PORT (no trailing slash) */
  baseURL: string;
  gatewayPort: number;
  dataDir: string;
  /** The services' and the launcher's logs. */
  logDir: string;
  /** nginx's access.log and error.log. */
  gatewayLogDir: string;
  /** `/mfe-registry.json` as the gateway serves it (no-cache). */
  registryFile: string;
  smtpUrl: string;
  mailWebUrl?: string;
  admin: { email: string; password: string; name: string };
  demoSchool: { id: number; name: string; token: string; url: string };
  startedInMs: number;
}
