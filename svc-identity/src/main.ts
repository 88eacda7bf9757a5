import { runMain } from '@nsa/service-kit';
import { migrations } from '../migrations/index.js';
import { start } from './start.js';

// `node dist/src/main.js migrate` runs the migrations alone and ends (an init container's command).
runMain(start, migrations);
