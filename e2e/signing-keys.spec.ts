/**
 * The registry's signing keys as an administrator rotates and revokes them on the QR System
 * page, each after a confirmation that says what will happen, and the re-issue of the revoked
 * key's plates followed to the end; on a server of its own, since it re-issues every plate. No command or setting is
 * named to the administrator.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signedInPage } from './lifecycle-steps';
import { ownServer } from './own-server';
import { QrSystemPage } from './qr-system-page';

const server = ownServer(9);
test.beforeAll(async () => {
  test.setTimeout(90_000);
  await server.start();
});
test.afterAll(() => server.stop());

test('an administrator rotates the signing key, then revokes the retired one, each confirmed and shown at once', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await signedInPage(browser, 'admin', { baseURL: server.baseURL });
  await admin.goto('/dashboard/admin/qr-system');
  const qrSystem = new QrSystemPage(admin);
  await expect(qrSystem.keyRow(1)).toContainText('Active', { timeout: 30_000 });
  await expect(admin.getByText(/npm run|SIGNING_KEY|keys -- /)).toHaveCount(0);

  await qrSystem.rotateKeyButton.click();
  const rotate = qrSystem.rotateDialog;
  await expect(rotate).toContainText(
    /Key 1 retires\. What it signed \([\d,]+ registered plates?\) is issued again under the new key in the background/,
  );
  const violations = (
    await new AxeBuilder({ page: admin }).withTags(['wcag2a', 'wcag2aa']).analyze()
  ).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await rotate.getByRole('button', { name: 'Rotate Key' }).click();
  await expect(admin.getByText('A new signing key is active')).toBeVisible();
  await expect(qrSystem.keyRow(2)).toContainText('Active', { timeout: 20_000 });
  await expect(qrSystem.keyRow(1)).toContainText('Retired');

  await qrSystem.revokeKeyButton(1).click();
  const revoke = qrSystem.revokeKeyDialog(1);
  await expect(revoke).toContainText(
    /Every credential it signed \([\d,]+ registered plates?\) is issued again under the active key/,
  );
  await revoke.getByRole('button', { name: 'Revoke Key' }).click();
  await expect(admin.getByText('Key 1 is revoked')).toBeVisible();
  await expect(qrSystem.keyRow(1)).toContainText('Revoked', { timeout: 20_000 });
  await expect(qrSystem.revokeKeyButton(1)).toHaveCount(0);
  // The plates key 1 signed are issued again in the background, with the run's progress shown.
  const progress = qrSystem.reissueProgressBar(1);
  await expect(progress).toBeVisible({ timeout: 20_000 });
  await expect(qrSystem.reissueProgress).toContainText('Credentials re-issued because key 1 was revoked', {
    timeout: 60_000,
  });
  await expect(progress).toHaveAttribute('aria-valuetext', /\(100%\)$/);
  await admin.context().close();
});
