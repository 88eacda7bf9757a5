import { defineConfig } from 'vitest/config';

// Dates are written on the browser's clock; the tests read them on the Dutch one, wherever the
// machine is. Set before the test processes start, which take their clock from it.
process.env.TZ = 'Europe/Amsterdam';

export default defineConfig({
  test: { include: ['test/**/*.test.ts'], environment: 'node' },
});
