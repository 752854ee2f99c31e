import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/find-chromium';

// Run through `npm run test:e2e` (tests/e2e/run.ts), which builds the app, starts a seeded local stack and sets
// E2E_BASE_URL and CHROMIUM_PATH.
const launchOptions = { executablePath: process.env.CHROMIUM_PATH, args: CHROMIUM_ARGS };
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const mobile = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } };
// Journeys of one layout only (the desktop dropdown, the mobile menu) carry @desktop-only or @mobile-only in their title.
const desktopOnly = /@desktop-only/;
const mobileOnly = /@mobile-only/;
const CATALOG_CHANGING = ['**/checkout.spec.ts', '**/search-capped.spec.ts', '**/account.spec.ts', '**/admin-catalog.spec.ts', '**/order-mail.spec.ts', '**/wholesale.spec.ts', '**/quotes.spec.ts', '**/admin-catalog-list.spec.ts', '**/storefront.spec.ts', '**/sizes.spec.ts', '**/shipping-estimate.spec.ts', '**/checkout-charges.spec.ts', '**/trade-pricing.spec.ts'];
// Journeys that change a shop-wide setting (who sees prices) run after the others, on their own.
const SETTINGS_CHANGING = ['**/price-access.spec.ts'];
// Journeys that time how fast something happens run last, alone, so no other journey's work is in their figures.
const TIMED = ['**/two-servers-admin.spec.ts'];
// Stopping a server under load counts on its answers arriving in time: it runs after everything else, on a quiet machine.
const STOPPING = ['**/shutdown.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  // Where CI is set, a retry tells a flaky journey from a broken one; either fails the run, the flaky one named as such
  // in the summary. A `.only` fails it too.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: true,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The checkout, account and catalog back-office journeys add (and remove) products of their own, so they run after the catalog
  // journeys, whose expected counts (search totals, sitemap) come from the seeded catalog.
  projects: [
    { name: 'desktop', testIgnore: [...CATALOG_CHANGING, ...SETTINGS_CHANGING, ...TIMED, ...STOPPING], grepInvert: mobileOnly, use: { ...desktop, launchOptions } },
    { name: 'mobile', testIgnore: [...CATALOG_CHANGING, ...SETTINGS_CHANGING, ...TIMED, ...STOPPING], grepInvert: desktopOnly, use: { ...mobile, launchOptions } },
    {
      name: 'checkout-desktop',
      testMatch: CATALOG_CHANGING,
      dependencies: ['desktop', 'mobile'],
      grepInvert: mobileOnly,
      use: { ...desktop, launchOptions },
    },
    {
      name: 'checkout-mobile',
      testMatch: CATALOG_CHANGING,
      dependencies: ['desktop', 'mobile'],
      grepInvert: desktopOnly,
      use: { ...mobile, launchOptions },
    },
    {
      name: 'settings',
      testMatch: SETTINGS_CHANGING,
      dependencies: ['checkout-desktop', 'checkout-mobile'],
      grepInvert: mobileOnly,
      use: { ...desktop, launchOptions },
    },
    {
      name: 'timed',
      testMatch: TIMED,
      dependencies: ['settings'],
      grepInvert: mobileOnly,
      use: { ...desktop, launchOptions },
    },
    { name: 'stopping', testMatch: STOPPING, dependencies: ['timed'], grepInvert: mobileOnly, use: { ...desktop, launchOptions } },
  ],
});
