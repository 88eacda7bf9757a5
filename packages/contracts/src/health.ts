// The table of services (R-RUN-START): plain JavaScript, read by build scripts too.
export {
  SERVICES,
  SERVICE_NAMES,
  serviceSpec,
  servicePortVariable,
  type ServiceName,
  type ServiceSpec,
} from './services.mjs';

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
