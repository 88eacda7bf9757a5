import type { Migration } from '@nsa/service-kit';
import { m0001Schools } from './0001-schools.js';

export const migrations: Migration[] = [m0001Schools];
