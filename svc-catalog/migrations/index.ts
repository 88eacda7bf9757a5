import type { Migration } from '@nsa/service-kit';
import { m0001Schools } from './0001-schools.js';
import { m0002Catalog } from './0002-catalog.js';

export const migrations: Migration[] = [m0001Schools, m0002Catalog];
