export const SERVICE_NAMES = ['catalog', 'registrations', 'identity', 'notify'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export type CheckState = 'ok' | 'down';

/** `GET /health` of one service. */
export interface ServiceHealth {
  ok: boolean;
  service: string;
  version: string;
  checks: Record<string, CheckState>;
  details?: Record<string, unknown>;
}

/** `GET /api/health` through the gateway (R-RUN-HEALTH). */
export interface ProductHealth {
  ok: boolean;
  service: string;
  version: string;
  services: Record<ServiceName, CheckState>;
}

export const PRODUCT_SERVICE_NAME = 'naschool-api';
