import { fileURLToPath } from 'node:url';
import { serviceBasicsSuite } from '@nsa/service-kit/testing';
import { start } from '../src/start.js';
import { LINK_SEAL_SECRET } from './world.js';

serviceBasicsSuite(
  'registrations',
  start,
  fileURLToPath(new URL('../dist/src/main.js', import.meta.url)),
  {
    env: { LINK_SEAL_SECRET },
    // Sign-ups per client address and refused provider links per hour are counted across
    // organisations (counts and keyed hashes only).
    platformTables: ['provider_link_refusals', 'signup_rate'],
  },
);
