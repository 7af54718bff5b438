import type { Page } from '@playwright/test';

/** Opens a path and waits until the app has started (prerendered pages are visible before that). */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}
