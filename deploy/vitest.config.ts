import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The stack test starts PostgreSQL, nats-server, maildev, nginx and four processes.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
