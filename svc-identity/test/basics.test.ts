import { fileURLToPath } from 'node:url';
import { serviceBasicsSuite } from '@nsa/service-kit/testing';
import { start } from '../src/start.js';
import { IDENTITY_SECRET, LINK_SEAL_SECRET } from './helpers.js';

serviceBasicsSuite(
  'identity',
  start,
  fileURLToPath(new URL('../dist/src/main.js', import.meta.url)),
  {
    LINK_SEAL_SECRET,
    IDENTITY_SECRET,
  },
);
