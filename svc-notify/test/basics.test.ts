import { fileURLToPath } from 'node:url';
import { serviceBasicsSuite } from '@nsa/service-kit/testing';
import { start } from '../src/start.js';
import { LINK_SEAL_SECRET } from './events.js';

serviceBasicsSuite(
  'notify',
  start,
  fileURLToPath(new URL('../dist/src/main.js', import.meta.url)),
  { env: { LINK_SEAL_SECRET } },
);
