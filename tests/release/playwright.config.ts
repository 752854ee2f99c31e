import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../scripts/find-chromium';

// Run through `npm run test:release` (tests/release/run.ts), which makes the release folder, starts it on a seeded
// test stack and sets E2E_BASE_URL, RELEASE_DIR and CHROMIUM_PATH.
export default defineConfig({
  testDir: '.',
  testMatch: 'release.spec.ts',
  // Its own folder: the e2e suite empties the project's test-results/ when it starts.
  outputDir: 'test-results',
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
