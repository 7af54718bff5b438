import { expect, test } from '@playwright/test';
import { accountFor, openApp, signInAs, waitForListings } from './app-page';

// Every screen's heading, frame, console and layout at 360 px: every-route-axe.spec.ts.
test.describe('routes', () => {
  test('each tab has its own title, following the page’s heading, the sign-up form’s too', async ({ page }) => {
    await openApp(page, '/auth?tab=signup');
    const signUp = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await expect(page).toHaveTitle(`${signUp.trim()} — Nambala`);
    await page.getByRole('tab', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(signUp);
    const login = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await expect(page).toHaveTitle(`${login.trim()} — Nambala`);
    await openApp(page, '/pricing');
    await expect(page).toHaveTitle(/— Nambala$/);
    await expect(page).not.toHaveTitle(`${login.trim()} — Nambala`);
  });

  test('an unknown path answers 404 and shows the not-found page with a link home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
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

  test("on the Sign Up form, the header's Login shows the Login form, and the tabs answer a press", async ({
    page,
  }) => {
    await openApp(page, '/auth?tab=signup');
    const login = page.getByRole('tab', { name: 'Login' });
    const signup = page.getByRole('tab', { name: 'Sign Up' });
    await expect(signup).toHaveAttribute('aria-selected', 'true');
    // The address changes from outside the tabs: the form follows it.
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(login).toHaveAttribute('aria-selected', 'true');
    await signup.click();
    await expect(signup).toHaveAttribute('aria-selected', 'true');
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
    await waitForListings(page, /Showing 1 of \d+ plates/);
  });
});

test.describe('navigating between pages', () => {
  test('a new page opens at its top, and Back returns to where the reader was, also after a reload', async ({
    page,
  }) => {
    await openApp(page, '/terms');
    // The footer's link, read at the bottom of a long page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).scrollIntoViewIfNeeded();
    const readTo = await page.evaluate(() => window.scrollY);
    expect(readTo).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Privacy/i })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Navigated within the app: the page was not loaded again.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: /Terms/i })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(readTo - 50);
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: /Privacy/i })).toBeVisible();
    await page.reload();
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: /Terms/i })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(readTo - 50);
  });

  test('focus moves to the new page after a navigation, and stays where the browser put it on the first page', async ({
    page,
  }) => {
    await openApp(page, '/terms');
    // The first page shown: nothing moved focus (it would skip the header, and a field typed into early).
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Privacy/i })).toBeVisible();
    await expect(page.locator('main')).toBeFocused();
  });

  test('while the next page’s code loads, the current page stays on screen, marked busy', async ({ page }) => {
    await openApp(page, '/');
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/pricing-page-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).first().click();
    await expect(page.locator('main')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('heading', { level: 1, name: 'Get Your Zambian License Plates Online' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { level: 1, name: /Pricing|Standard License Plate/i })).toBeVisible();
    await expect(page.locator('main')).toHaveAttribute('aria-busy', 'false');
  });

  test('a page that fails to load says so in place of the page, and the next page opens normally', async ({ page }) => {
    await openApp(page, '/');
    await page.route('**/assets/pricing-page-*.js', (route) => route.abort());
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).first().click();
    await expect(page.getByRole('heading', { name: 'Sorry, this page could not be shown' })).toBeVisible();
    await expect(page.getByText('This page could not be loaded. Check your connection and try again.')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await page.unroute('**/assets/pricing-page-*.js');
    await page.getByRole('banner').getByRole('link', { name: 'How It Works' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /how it works/i })).toBeVisible();
  });
});

test.describe('layout at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });
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
