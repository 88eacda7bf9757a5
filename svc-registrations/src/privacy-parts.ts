// R-ERASE, R-PRIVACY-*, R-ERASURE-REPLAY: the one wiring of the erasure of sign-ups (the
// parent's own, `MySignups`) and of the privacy lifecycle (an admin's erasure, retention:
// `Privacy`), which the running service (src/start.ts) and a restore's replay of the erasure
// ledger (src/erasure-replay.ts) both build, so the replay erases exactly as the live service.
import type { ErasureRecorder, Logger, Outbox, PublicAddress, Sequelize } from '@nsa/service-kit';
import type { RegistrationsConfig } from './config.js';
import type { ActivityRepository } from './data-access/activities.js';
import type { PrivacyRepository } from './data-access/privacy.js';
import type { RegistrationRepository } from './data-access/registrations.js';
import { MySignups } from './domain/my-signup.js';
import { Privacy, type PrivacyPeers } from './domain/privacy.js';
import type { RegistrationsStream } from './domain/registrations-stream.js';
import type { Waitlist } from './domain/waitlist.js';

export interface PrivacyPartsDeps {
  db: Sequelize;
  outbox: Outbox;
  logger: Logger;
  registrations: RegistrationRepository;
  activities: ActivityRepository;
  privacyRecords: PrivacyRepository;
  /** A place an erasure frees moves on (R-WAITLIST-OFFER). */
  waitlist: Waitlist;
  /** The stream purge of an erasure (R-PRIVACY-ERASE-PARENT). */
  stream: RegistrationsStream;
  /** The other services' privacy parts (an admin's erasure asks them). */
  peers: PrivacyPeers;
  /** R-ERASURE-LEDGER: where every erasure is appended before it is done. */
  ledger: ErasureRecorder;
  config: Pick<RegistrationsConfig, 'RETENTION_MONTHS'> & { SESSION_SECRET: string };
  /** The work's organisation's own settings (its retention months, R-ORG-SETTINGS). */
  organisation: Pick<PublicAddress, 'furtherNow'>;
}

/** The parent's erasure and the privacy lifecycle, wired alike wherever they run. */
export function privacyParts(d: PrivacyPartsDeps): { mySignups: MySignups; privacy: Privacy } {
  const mySignups = new MySignups({
    db: d.db,
    outbox: d.outbox,
    registrations: d.registrations,
    activities: d.activities,
    privacyRecords: d.privacyRecords,
    stream: d.stream,
    waitlist: d.waitlist,
    ledger: d.ledger,
  });
  const privacy = new Privacy({
    db: d.db,
    outbox: d.outbox,
    logger: d.logger,
    records: d.privacyRecords,
    mySignups,
    stream: d.stream,
    peers: d.peers,
    ledger: d.ledger,
    subjectSecret: d.config.SESSION_SECRET,
    retentionMonths: d.config.RETENTION_MONTHS,
    organisation: d.organisation,
  });
  return { mySignups, privacy };
}
