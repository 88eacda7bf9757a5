import type { Migration } from '@nsa/service-kit';
import { m0001Deliveries } from './0001-deliveries.js';

export const migrations: Migration[] = [m0001Deliveries];
