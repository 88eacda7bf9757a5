import { PRODUCT_SERVICE_NAME } from '@nsa/contracts';

export type ApiState = 'checking' | 'connected' | 'disconnected';

export interface HealthView {
  state: ApiState;
  version: string;
  service: string;
  /** Services the gateway reports as not ok. */
  down: string[];
}

// R-ADMIN-DASHBOARD: shown when the answer does not say.
export const DEFAULT_VERSION = '0.1.0';
export const DEFAULT_SERVICE = PRODUCT_SERVICE_NAME;

const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value !== '' ? value : fallback;

/**
 * Turns the latest /api/health answer into what the dashboard shows:
 * connected only when the gateway says ok (R-RUN-HEALTH: 503 with ok false
 * while a service is down). `undefined` means no answer yet.
 */
export function healthView(answer: unknown): HealthView {
  if (answer === undefined) {
    return { state: 'checking', version: DEFAULT_VERSION, service: DEFAULT_SERVICE, down: [] };
  }
  const body =
    typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const services = typeof body.services === 'object' && body.services !== null ? body.services : {};
  const down = Object.entries(services)
    .filter(([, state]) => state !== 'ok')
    .map(([name]) => name);
  return {
    state: body.ok === true ? 'connected' : 'disconnected',
    version: text(body.version, DEFAULT_VERSION),
    service: text(body.service, DEFAULT_SERVICE),
    down,
  };
}
