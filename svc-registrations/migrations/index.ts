import type { Migration } from '@nsa/service-kit';
import { m0001SchoolProjection } from './0001-school-projection.js';

export const migrations: Migration[] = [m0001SchoolProjection];
