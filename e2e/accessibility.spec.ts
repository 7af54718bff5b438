import { expect, test } from '@playwright/test';
import { signInAs } from './app-page';
import { PUBLIC_ROUTES } from './public-routes';
import { AXE_CHECKS_TIMEOUT, seriousViolations } from './axe';

for (const route of PUBLIC_ROUTES) {
  test(`${route.path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('User Management, its dialogs and Settings have no serious or critical accessibility violations', async ({
  page,
}) => {
  test.setTimeout(AXE_CHECKS_TIMEOUT);
  await signInAs(page, 'admin');
  await page.goto('/dashboard/admin/users');
  // A fresh device's first sync brings the list; on a busy 2-core runner it has taken over 10 s.
  await expect(page.getByText(/Showing [1-9]\d* of \d+ users/)).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add User' }).click();
  await page.getByRole('dialog', { name: 'Add User' }).getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'View Bwalya Mulenga' }).click();
  await expect(page.getByRole('dialog', { name: 'User Details' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.goto('/dashboard/user/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
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
    const pages: Array<[string, string | RegExp]> = [
      ['/dashboard', 'My Dashboard'],
      ['/dashboard/user/plates', 'My Plates & Orders'],
      ['/dashboard/user/vehicles', 'Vehicles & Fleet'],
      ['/dashboard/user/certificates', 'Certificates'],
      ['/dashboard/user/payments', 'Payments'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The owner's rows arrive with the first sync.
      await expect(
        page
          .getByText(/ZM-\d{3}-[A-Z]{3}|LP-\d{6}|PAY-\d{6}/)
          .filter({ visible: true })
          .first(),
      ).toBeVisible({ timeout: 30_000 });
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
}

test('the header’s count of unread notifications is drawn inside its badge, where it can be read', async ({ page }) => {
  await signInAs(page, 'buyer');
  await page.goto('/dashboard/user/certificates');
  const bell = page.getByRole('button', { name: /^Notifications, [1-9]\d* unread/ });
  await expect(bell).toBeVisible({ timeout: 30_000 });
  const count = bell.locator('span[aria-hidden]').filter({ hasText: /^\d+\+?$/ });
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
