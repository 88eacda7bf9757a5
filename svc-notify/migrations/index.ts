import type { Migration } from '@nsa/service-kit';
import { m0001Deliveries } from './0001-deliveries.js';
import { m0002Erasure } from './0002-erasure.js';

export const migrations: Migration[] = [m0001Deliveries, m0002Erasure];
