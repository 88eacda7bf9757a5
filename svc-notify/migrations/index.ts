import type { Migration } from '@nsa/service-kit';
import { m0001Deliveries } from './0001-deliveries.js';
import { m0002Erasure } from './0002-erasure.js';
import { m0003Retention } from './0003-retention.js';
import { m0004PerOrganisation } from './0004-per-organisation.js';
import { m0005DeliveriesAcrossOrganisations } from './0005-deliveries-across-organisations.js';

export const migrations: Migration[] = [
  m0001Deliveries,
  m0002Erasure,
  m0003Retention,
  m0004PerOrganisation,
  m0005DeliveriesAcrossOrganisations,
];
