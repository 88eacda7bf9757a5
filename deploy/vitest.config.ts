import { defineConfig } from 'vitest/config';
import { IMAGE_TESTS } from './vitest.images.config.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Those of the images run in their own suite, in order (vitest.images.config.ts).
    exclude: IMAGE_TESTS,
    // The stack test starts PostgreSQL, nats-server, maildev, nginx and four processes.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
