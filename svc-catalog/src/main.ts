import { runMain } from '@nsa/service-kit';
import { start } from './start.js';

runMain(start);
