import { expect, test, type Page } from '@playwright/test';
import { accountFor, openApp, signInAs } from './app-page';
import { DASHBOARD_ROUTES, PUBLIC_ROUTES } from './public-routes';

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('every route renders', () => {
  for (const route of PUBLIC_ROUTES) {
    test(`public ${route.path} renders its heading without console errors`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  for (const path of DASHBOARD_ROUTES) {
    test(`dashboard ${path} renders in the shell without the public header or footer`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await signInAs(page, accountFor(path));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'How It Works' })).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }

  test('an unknown path shows the not-found page with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found.' })).toBeVisible();
    await page.getByRole('link', { name: /home/i }).last().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/dashboard/insurance leads to the insurance agent overview', async ({ page }) => {
    await signInAs(page, 'insurer');
    await page.goto('/dashboard/insurance');
    await expect(page).toHaveURL(/\/dashboard\/insurance-agent\/dashboard$/);
  });

  test('the mobile menu offers Marketplace and Sign Up', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Marketplace' })).toBeVisible();
    await menu.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  });

  test('the quick search answers availability and carries the typed number to the marketplace', async ({ page }) => {
    await openApp(page, '/');
    const input = page.getByRole('textbox', { name: /plate number/i }).first();
    await input.fill('zm-777-vip-extra');
    await expect(input).toHaveValue('ZM-777-VIP');
    await page.getByRole('button', { name: 'Check Availability' }).last().click();
    await expect(page.getByTestId('availability-answer')).toContainText('ZM-777-VIP is for sale');
    await page.getByRole('link', { name: 'View it in the marketplace' }).click();
    await expect(page).toHaveURL(/\/marketplace\?plate=ZM-777-VIP$/);
    await expect(page.getByText(/Showing 1 of \d+ plates/)).toBeVisible();
  });
});

test.describe('layout at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  for (const route of PUBLIC_ROUTES) {
    test(`${route.path} does not scroll sideways`, async ({ page }) => {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
  for (const path of ['/dashboard', '/dashboard/admin/requests', '/dashboard/agent/whitebook']) {
    test(`dashboard ${path} does not scroll sideways`, async ({ page }) => {
      await signInAs(page, accountFor(path));
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
