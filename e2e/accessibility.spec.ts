import { expect, test } from '@playwright/test';
import { signInAs } from './app-page';
import { DashboardPage } from './dashboard-page';
import { SitePage } from './home-page';
import { SettingsPage } from './settings-page';
import { UsersPage } from './users-page';
import { PUBLIC_ROUTES } from './public-routes';
import { AXE_CHECKS_TIMEOUT, seriousViolations } from './axe';

for (const route of PUBLIC_ROUTES) {
  test(`${route.path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(route.path);
    await expect(new SitePage(page).heading()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('User Management, its dialogs and Settings have no serious or critical accessibility violations', async ({
  page,
}) => {
  test.setTimeout(AXE_CHECKS_TIMEOUT);
  await signInAs(page, 'admin');
  await page.goto('/dashboard/admin/users');
  const users = new UsersPage(page);
  // A fresh device's first sync brings the list; on a busy 2-core runner it has taken over 10 s.
  await expect(users.shown(/Showing [1-9]\d* of \d+ users/)).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await users.addUserButton.click();
  await users.addDialogButton.click();
  await expect(users.addDialogError('Name is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await users.rowButton('View', 'Bwalya Mulenga').click();
  await expect(users.details).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/user/settings');
  await expect(new SettingsPage(page).heading('Settings')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

// At 360 px, with the owner's rows on screen; every-route-axe.spec.ts checks every buyer screen at 1280 px.
for (const viewport of [{ width: 360, height: 800 }]) {
  test(`the plate owner's dashboard pages have no serious or critical accessibility violations at ${viewport.width} px`, async ({
    page,
  }) => {
    test.setTimeout(AXE_CHECKS_TIMEOUT);
    await page.setViewportSize(viewport);
    await signInAs(page, 'buyer');
    const dashboard = new DashboardPage(page);
    const pages: Array<[string, string | RegExp]> = [
      ['/dashboard', 'My Dashboard'],
      ['/dashboard/user/plates', 'My Plates & Orders'],
      ['/dashboard/user/vehicles', 'Vehicles & Fleet'],
      ['/dashboard/user/certificates', 'Certificates'],
      ['/dashboard/user/payments', 'Payments'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(dashboard.heading(heading)).toBeVisible();
      // The owner's rows arrive with the first sync.
      await expect(dashboard.firstReference).toBeVisible({ timeout: 30_000 });
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
}

test('the header’s count of unread notifications is drawn inside its badge, where it can be read', async ({ page }) => {
  await signInAs(page, 'buyer');
  await page.goto('/dashboard/user/certificates');
  const dashboard = new DashboardPage(page);
  const bell = dashboard.notificationsButton(/[1-9]\d* unread/);
  await expect(bell).toBeVisible({ timeout: 30_000 });
  const count = dashboard.unreadBadge(/[1-9]\d* unread/);
  const [label, badge, text] = await count.evaluate((span) => {
    const range = document.createRange();
    range.selectNodeContents(span);
    const glyphs = range.getBoundingClientRect();
    const box = span.getBoundingClientRect();
    return [
      span.closest('button')?.getAttribute('aria-label') ?? '',
      { top: box.top, bottom: box.bottom },
      { top: glyphs.top, bottom: glyphs.bottom },
    ];
  });
  const shown = (await count.textContent()) ?? '';
  if (!shown.endsWith('+')) expect(label).toContain(`${shown} unread`);
  expect(text.top).toBeGreaterThanOrEqual(badge.top - 1);
  expect(text.bottom).toBeLessThanOrEqual(badge.bottom + 1);
});
