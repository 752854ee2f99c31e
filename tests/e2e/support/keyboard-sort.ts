import { expect, type Page } from '@playwright/test';

/**
 * Moves the focused sortable item one step by keyboard and waits for the announcement. dnd-kit's keyboard sensor
 * starts listening a task after the pick-up is announced, so on a busy machine the first arrow can be lost: the key
 * is pressed again until the move is announced (a further press at the first position keeps the item there).
 */
export async function moveByKeyboard(page: Page, key: 'ArrowLeft' | 'ArrowUp', announced: string): Promise<void> {
  const region = page.locator('[id^="DndLiveRegion"]');
  await expect(async () => {
    await page.keyboard.press(key);
    await expect(region).toHaveText(announced, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}
