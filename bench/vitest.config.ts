import { defineConfig } from 'vitest/config';

// `npm test` runs only the short chaos and fuzz runs (and the draw benchmark's plan, without a
// stack); `npm run bench|chaos|fuzz` run the full versions from dist/. Each of those two files
// starts its own stack, one file at a time.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
