import { expect, test } from '@playwright/test';
import { signInAs, waitForListings } from './app-page';
import { DashboardPage } from './dashboard-page';
import { SitePage } from './home-page';
import { MarketplacePage } from './marketplace-page';
import { PUBLIC_ROUTES } from './public-routes';
import { withServiceWorker } from './service-worker';

test.describe('installable offline app', () => {
  withServiceWorker(() => {
    test('a new visitor offline on /marketplace is told once that it has not been loaded yet, not that no plate matches', async ({
      page,
      context,
    }) => {
      await page.goto('/about-contact');
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
        .toBe('activated');
      await context.setOffline(true);
      await page.goto('/marketplace');
      const marketplace = new MarketplacePage(page);
      await expect(marketplace.notLoadedOffline).toBeVisible({ timeout: 15_000 });
      await expect(marketplace.noMatch).toHaveCount(0);
      await expect(marketplace.shown(/Showing 0 of 0/)).toHaveCount(0);
      await context.setOffline(false);
      await expect(marketplace.shown(/Showing \d+ of [1-9]\d* plates/)).toBeVisible({ timeout: 30_000 });
    });
  });

  test('serves a web manifest with name, icons, theme colour and standalone display', async ({ request }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.ok()).toBe(true);
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: 'Nambala', display: 'standalone', start_url: '/' });
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
  });

  withServiceWorker(() => {
    test('after one online visit every public route and the dashboard shell load offline, by reload and by deep link', async ({
      page,
      context,
    }) => {
      // Fifteen pages and a dashboard opened offline, and two tabs: 37-72 s on a quiet machine,
      // past 90 s on a runner shared with others (load average 13-16, 2026-11-27).
      test.setTimeout(180_000);
      const site = new SitePage(page);
      const dashboard = new DashboardPage(page);
      await page.goto('/');
      await expect(site.heading()).toBeVisible();
      // Wait until the service worker is active: it activates only after precaching the whole app,
      // and every later navigation (a reload, a deep link) is then served by it.
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
        .toBe('activated');
      // An administrator signed in once online: the installed app keeps their dashboard offline.
      await signInAs(page, 'admin');
      await page.goto('/dashboard/admin/requests');
      await expect(dashboard.heading('Plate Requests')).toBeVisible();
      // Load the marketplace once online so its listings are on the device.
      await page.goto('/marketplace');
      await waitForListings(page);

      await context.setOffline(true);
      await page.reload();
      await expect(site.connectionStatus).toContainText('Offline');
      for (const route of PUBLIC_ROUTES) {
        await page.goto(route.path);
        await expect(site.heading(route.heading)).toBeVisible();
      }
      await page.goto('/marketplace');
      await waitForListings(page);
      await page.goto('/dashboard/admin/requests');
      await expect(dashboard.heading('Plate Requests')).toBeVisible();

      // Deep links opened in a fresh tab while offline.
      for (const path of ['/pricing', '/verification?plate=ZM-001-ABC']) {
        const tab = await context.newPage();
        await tab.goto(path);
        await expect(new SitePage(tab).heading()).toBeVisible();
        await tab.close();
      }
      await context.setOffline(false);
    });
  });
});
