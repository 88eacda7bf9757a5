// R-ERASURE-REPLAY: svc-identity's part of a restore's replay of the erasure ledger, for
// `npm run restore` (deploy/ops/erasure-replay.ts) to call before any process of the product
// starts: the service's own privacy part on the restored database.
import {
  DEFAULT_RETENTION_MONTHS,
  type OrganisationProfile,
  type PrivacyCounts,
} from '@nsa/contracts';
import { createLogger, Outbox, type Sequelize } from '@nsa/service-kit';
import { AuditEntryRepository } from './data-access/audit-entries.js';
import { OrganisationRepository } from './data-access/organisations.js';
import { eraseOrganisationHere } from './domain/platform.js';
import { PrivacyRepository } from './data-access/privacy.js';
import { IdentityPrivacy } from './domain/privacy.js';

/**
 * An admin's erasure of an address, as its request asks it live (R-PRIVACY-ERASE): the login
 * failures and reset requests kept by the address's hash under `sessionSecret` go.
 */
export function identityErasureReplay(
  sequelize: Sequelize,
  sessionSecret: string,
): {
  erase(email: string): Promise<PrivacyCounts>;
  /** An organisation as svc-identity answers it by id: a replayed offer's link (R-ORG-LINKS). */
  byId(id: number): Promise<OrganisationProfile | null>;
  /** R-PLATFORM-DELETE: a deleted organisation's part here, erased again. */
  deleteOrganisation(id: number): Promise<{ rows: number; anonymised: number }>;
} {
  const organisations = new OrganisationRepository(sequelize);
  const privacy = new IdentityPrivacy({
    db: sequelize,
    outbox: Outbox.writeOnly(sequelize, createLogger('identity', 'warn')),
    privacy: new PrivacyRepository(sequelize),
    sessionSecret,
    retentionMonths: DEFAULT_RETENTION_MONTHS,
  });
  return {
    erase: (email) => privacy.erase(email),
    byId: (id) => organisations.byId(id),
    deleteOrganisation: (id) =>
      eraseOrganisationHere(
        { db: sequelize, organisations, audit: new AuditEntryRepository(sequelize) },
        id,
      ),
  };
}
