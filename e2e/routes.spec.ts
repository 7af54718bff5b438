import { expect, test } from '@playwright/test';
import { accountFor, signInAs, waitForApp, waitForListings } from './app-page';
import { AuthPage } from './auth-page';
import { DashboardPage } from './dashboard-page';
import { HomePage, SitePage } from './home-page';

// Every screen's heading, frame, console and layout at 360 px: every-route-axe.spec.ts.
test.describe('routes', () => {
  test('each tab has its own title, following the page’s heading, the sign-up form’s too', async ({ page }) => {
    const auth = await AuthPage.open(page, 'Sign Up');
    const signUp = (await auth.heading.textContent()) ?? '';
    await expect(page).toHaveTitle(`${signUp.trim()} — Nambala`);
    await auth.tab('Login').click();
    await expect(auth.heading).not.toHaveText(signUp);
    const login = (await auth.heading.textContent()) ?? '';
    await expect(page).toHaveTitle(`${login.trim()} — Nambala`);
    await SitePage.open(page, '/pricing');
    await expect(page).toHaveTitle(/— Nambala$/);
    await expect(page).not.toHaveTitle(`${login.trim()} — Nambala`);
  });

  test('an unknown path answers 404 and shows the not-found page with a link home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    const site = new SitePage(page);
    await expect(site.titled('Oops! Page not found.')).toBeVisible();
    await site.link(/home/i).last().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/dashboard/insurance leads to the insurance agent overview', async ({ page }) => {
    await signInAs(page, 'insurer');
    await page.goto('/dashboard/insurance');
    await expect(page).toHaveURL(/\/dashboard\/insurance-agent\/dashboard$/);
  });

  test('the mobile menu offers Marketplace and Sign Up', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const home = await HomePage.open(page);
    await home.openMenu.click();
    await expect(home.mobileMenuLink('Marketplace')).toBeVisible();
    await home.mobileMenuLink('Sign Up').click();
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  });

  test("on the Sign Up form, the header's Login shows the Login form, and the tabs answer a press", async ({
    page,
  }) => {
    const auth = await AuthPage.open(page, 'Sign Up');
    const login = auth.tab('Login');
    const signup = auth.tab('Sign Up');
    await expect(signup).toHaveAttribute('aria-selected', 'true');
    // The address changes from outside the tabs: the form follows it.
    await new SitePage(page).headerLink('Login').click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(login).toHaveAttribute('aria-selected', 'true');
    await signup.click();
    await expect(signup).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  });

  test('the quick search answers availability and carries the typed number to the marketplace', async ({ page }) => {
    const home = await HomePage.open(page);
    const input = home.availabilityField;
    await input.fill('zm-777-vip-extra');
    await expect(input).toHaveValue('ZM-777-VIP');
    await home.checkAvailability.click();
    await expect(home.answer).toContainText('ZM-777-VIP is for sale');
    await home.viewInMarketplace.click();
    await expect(page).toHaveURL(/\/marketplace\?plate=ZM-777-VIP$/);
    await waitForListings(page, /Showing 1 of \d+ plates/);
  });
});

test.describe('navigating between pages', () => {
  test('a new page opens at its top, and Back returns to where the reader was, also after a reload', async ({
    page,
  }) => {
    const site = await SitePage.open(page, '/terms');
    // The footer's link, read at the bottom of a long page.
    await site.footerLink('Privacy Policy').scrollIntoViewIfNeeded();
    const readTo = await page.evaluate(() => window.scrollY);
    expect(readTo).toBeGreaterThan(500);
    await site.footerLink('Privacy Policy').click();
    await expect(site.heading(/Privacy/i)).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Navigated within the app: the page was not loaded again.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await page.goBack();
    await expect(site.heading(/Terms/i)).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(readTo - 50);
    await page.goForward();
    await expect(site.heading(/Privacy/i)).toBeVisible();
    await page.reload();
    await waitForApp(page);
    await page.goBack();
    await expect(site.heading(/Terms/i)).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(readTo - 50);
  });

  test('focus moves to the new page after a navigation, and stays where the browser put it on the first page', async ({
    page,
  }) => {
    const site = await SitePage.open(page, '/terms');
    // The first page shown: nothing moved focus (it would skip the header, and a field typed into early).
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    await site.footerLink('Privacy Policy').click();
    await expect(site.heading(/Privacy/i)).toBeVisible();
    await expect(site.main).toBeFocused();
  });

  test('while the next page’s code loads, the current page stays on screen, marked busy', async ({ page }) => {
    const site = await SitePage.open(page, '/');
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/pricing-page-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await site.headerLink('Pricing').first().click();
    await expect(site.main).toHaveAttribute('aria-busy', 'true');
    await expect(site.heading('Get Your Zambian License Plates Online')).toBeVisible();
    await expect(site.loading).toHaveCount(0);
    release();
    await expect(site.heading(/Pricing|Standard License Plate/i)).toBeVisible();
    await expect(site.main).toHaveAttribute('aria-busy', 'false');
  });

  test('a page that fails to load says so in place of the page, and the next page opens normally', async ({ page }) => {
    const site = await SitePage.open(page, '/');
    await page.route('**/assets/pricing-page-*.js', (route) => route.abort());
    await site.headerLink('Pricing').first().click();
    await expect(site.titled('Sorry, this page could not be shown')).toBeVisible();
    await expect(page.getByText('This page could not be loaded. Check your connection and try again.')).toBeVisible();
    await expect(site.header).toBeVisible();
    await page.unroute('**/assets/pricing-page-*.js');
    await site.headerLink('How It Works').first().click();
    await expect(site.heading(/how it works/i)).toBeVisible();
  });
});

test.describe('layout at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  for (const path of ['/dashboard', '/dashboard/admin/requests', '/dashboard/agent/whitebook']) {
    test(`dashboard ${path} does not scroll sideways`, async ({ page }) => {
      await signInAs(page, accountFor(path));
      await page.goto(path);
      const dashboard = new DashboardPage(page);
      await expect(dashboard.heading()).toBeVisible();
      await expect(dashboard.signOut).toBeInViewport();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
