import type { Migration } from '@nsa/service-kit';
import { m0001Users } from './0001-users.js';

export const migrations: Migration[] = [m0001Users];
