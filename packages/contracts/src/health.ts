import type { ServiceName } from './services.mjs';

// The table of services (R-RUN-START): plain JavaScript, read by build scripts too.
export {
  SERVICES,
  SERVICE_NAMES,
  serviceSpec,
  servicePortVariable,
  type ServiceName,
  type ServiceSpec,
} from './services.mjs';

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
