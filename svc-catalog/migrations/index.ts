import type { Migration } from '@nsa/service-kit';
import { m0001Schools } from './0001-schools.js';
import { m0002Catalog } from './0002-catalog.js';
import { m0003WaitlistCounts } from './0003-waitlist-counts.js';
import { m0004BlockWindow } from './0004-block-window.js';
import { m0005BlockYear } from './0005-block-year.js';
import { m0006DrawFreeze } from './0006-draw-freeze.js';
import { m0007PerOrganisation } from './0007-per-organisation.js';
import { m0008OrganisationKeys } from './0008-organisation-keys.js';

export const migrations: Migration[] = [
  m0001Schools,
  m0002Catalog,
  m0003WaitlistCounts,
  m0004BlockWindow,
  m0005BlockYear,
  m0006DrawFreeze,
  m0007PerOrganisation,
  m0008OrganisationKeys,
];
