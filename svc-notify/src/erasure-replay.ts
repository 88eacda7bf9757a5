// R-ERASURE-REPLAY: svc-notify's part of a restore's replay of the erasure ledger, for
// `npm run restore` (deploy/ops/erasure-replay.ts) to call before any process of the product
// starts: the service's own privacy part on the restored database, so a delivery of an erased
// family is gone before the mailer could send it.
import type { PrivacyCounts } from '@nsa/contracts';
import type { Sequelize } from '@nsa/service-kit';
import { PrivacyRepository } from './data-access/privacy.js';
import { NotifyPrivacy } from './domain/privacy.js';

export interface NotifyErasureReplay {
  /** An admin's erasure of an address, as its request asks it live (R-PRIVACY-ERASE). */
  erase(email: string, registrationIds: number[]): Promise<PrivacyCounts>;
  /** Sign-ups erased one by one (a parent's erasure, R-ERASE): their deliveries go. */
  forget(registrationIds: number[]): Promise<number>;
}

/** `sequelize`: the restored database, on this service's schema. */
export function notifyErasureReplay(sequelize: Sequelize): NotifyErasureReplay {
  const privacy = new NotifyPrivacy({ db: sequelize, privacy: new PrivacyRepository(sequelize) });
  return {
    erase: (email, ids) => privacy.erase(email, ids),
    forget: (ids) => sequelize.transaction((tx) => privacy.forget(tx, ids)),
  };
}
