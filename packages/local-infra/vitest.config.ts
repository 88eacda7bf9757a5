import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Real PostgreSQL and nats-server start in these tests; initdb alone takes seconds.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
