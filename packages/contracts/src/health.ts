export const SERVICE_NAMES = ['catalog', 'registrations', 'identity', 'notify'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const CHECK_STATES = ['ok', 'down'] as const;
export type CheckState = (typeof CHECK_STATES)[number];

/** `GET /health` of one service. */
export interface ServiceHealth {
  ok: boolean;
  service: string;
  version: string;
  checks: Record<string, CheckState>;
  details?: Record<string, unknown>;
}

export const PRODUCT_SERVICE_NAME = 'naschool-api';
