/** Where a page opens: at its top when opened by address, where it was left on Back. */
import { expect, test } from '@playwright/test';
import { waitForApp } from './app-page';
import { SitePage } from './home-page';

test('a page opened by address starts at its top, whatever the tab read before; Back returns to where the reader was', async ({
  page,
}) => {
  const site = await SitePage.open(page, '/terms');
  await site.footerLink('Privacy Policy').scrollIntoViewIfNeeded();
  const readTo = await site.scrolledTo();
  expect(readTo).toBeGreaterThan(500);
  await site.footerLink('Privacy Policy').click();
  await expect(site.heading(/Privacy/i)).toBeVisible();
  // Typed into the address bar (or a bookmark) in the same tab.
  await page.goto('/pricing');
  await waitForApp(page);
  await expect(site.heading()).toBeVisible();
  await expect.poll(() => site.scrolledTo()).toBe(0);
  // Back to the first document's pages: a new load of it, read once the app runs there (its
  // prerendered copy shows the heading before that).
  await page.goBack();
  await expect(site.heading(/Privacy/i)).toBeVisible();
  await waitForApp(page);
  await page.goBack();
  await expect(site.heading(/Terms/i)).toBeVisible();
  await expect.poll(() => site.scrolledTo()).toBeGreaterThan(readTo - 50);
});
