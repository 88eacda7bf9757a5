import { defineConfig } from '@playwright/test';
import { baseURL } from './lib/settings.js';

// STACK-NOTES: Debian's Chromium, never a downloaded one; these flags keep it quiet and
// offline. Playwright gives every test a fresh context (and profile).
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests',
  // One stack, two cores: tests run one at a time, in file order.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The root runner (scripts/test-all.mjs) names the JSON report through
  // PLAYWRIGHT_JSON_OUTPUT_NAME; run by hand, it goes next to the test results instead of
  // flooding the terminal.
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || 'test-results/report.json' }],
  ],
  globalSetup: './global-setup.ts',
  use: {
    viewport: { width: 1280, height: 800 },
    baseURL: baseURL(),
    // A browser that prefers English still gets Dutch (R-LANG-DEFAULT); tests check that.
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
