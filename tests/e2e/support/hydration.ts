// Server-rendered HTML is on screen before React has hydrated it. A click or a history step in that gap is the
// browser's alone: Next.js's router, which answers Back and Forward in place, is not listening yet. Journeys that
// step through history wait for it, as a person would wait for the page to settle.
import type { Page } from '@playwright/test';

/** Resolves once React has hydrated `selector` and the effects of that commit (the router's listeners) have run. */
export async function hydrated(page: Page, selector = 'main'): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return !!el && Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
    },
    selector,
    { timeout: 30_000 },
  );
  // Passive effects run after the hydrating commit has painted: one frame and one task later they have.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
