import type { Migration } from '@nsa/service-kit';
import { m0001SchoolProjection } from './0001-school-projection.js';
import { m0002Registrations } from './0002-registrations.js';

export const migrations: Migration[] = [m0001SchoolProjection, m0002Registrations];
