import type { Migration } from '@nsa/service-kit';
import { m0001SchoolProjection } from './0001-school-projection.js';
import { m0002Registrations } from './0002-registrations.js';
import { m0003SignUpFunction } from './0003-sign-up-function.js';
import { m0004SignUpFromOwner } from './0004-sign-up-from-owner.js';
import { m0005WaitingList } from './0005-waiting-list.js';
import { m0006Draws } from './0006-draws.js';
import { m0007Attendance } from './0007-attendance.js';
import { m0008AdminSearch } from './0008-admin-search.js';
import { m0009Retention } from './0009-retention.js';
import { m0010TakenPlaces } from './0010-taken-places.js';
import { m0011DrawFreeze } from './0011-draw-freeze.js';
import { m0012IdempotencyKeys } from './0012-idempotency-keys.js';
import { m0013SignupRate } from './0013-signup-rate.js';
import { m0014SignUpRules } from './0014-sign-up-rules.js';
import { m0015SearchIndexDirect } from './0015-search-index-direct.js';
import { m0016ProviderRefusals } from './0016-provider-refusals.js';
import { m0017ChildKeys } from './0017-child-keys.js';
import { m0018PerOrganisation } from './0018-per-organisation.js';
import { m0019OrganisationKeys } from './0019-organisation-keys.js';

export const migrations: Migration[] = [
  m0001SchoolProjection,
  m0002Registrations,
  m0003SignUpFunction,
  m0004SignUpFromOwner,
  m0005WaitingList,
  m0006Draws,
  m0007Attendance,
  m0008AdminSearch,
  m0009Retention,
  m0010TakenPlaces,
  m0011DrawFreeze,
  m0012IdempotencyKeys,
  m0013SignupRate,
  m0015SearchIndexDirect,
  m0016ProviderRefusals,
  m0017ChildKeys,
  m0018PerOrganisation,
  m0019OrganisationKeys,
  // Repeatable (its name carries the hash of sql/sign-up.sql): always last, after any later one.
  m0014SignUpRules,
];
