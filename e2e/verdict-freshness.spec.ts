/**
 * The administrator sets the roadside verdict's freshness thresholds: a cannot-confirm
 * threshold shorter than the caution is refused with the form's message; a good change is
 * saved, listed in the history and sent with the revocation list every device refreshes;
 * then the standard thresholds are put back. The values moved by one hour only, so a journey
 * beside this one that reads a verdict from a days-old list reads the same.
 */
import { expect, test } from '@playwright/test';
import { AdminSettingsPage } from './admin-settings-page';
import { signedInPage } from './lifecycle-steps';

const STANDARD = { cautionAfterHours: 24, unconfirmedAfterHours: 168 };

test('an administrator changes the verdict freshness thresholds, devices receive them, and they are put back', async ({
  browser,
}) => {
  test.setTimeout(45_000);
  const admin = await signedInPage(browser, 'admin');
  const settings = new AdminSettingsPage(admin);
  // A try cut short (a retry) may have left its change: this one starts from the standard thresholds.
  expect((await admin.request.put('/api/admin/settings/staleness', { data: STANDARD })).status()).toBe(200);
  try {
    await admin.goto('/dashboard/admin/settings');
    await expect(settings.cautionAfter).toHaveValue('24');
    await expect(settings.cannotConfirmAfter).toHaveValue('168');

    await settings.saveFreshnessHours('24', '12');
    await expect(
      settings.freshnessForm.getByText('Cannot confirm offline after must be longer than Caution after'),
    ).toBeVisible();

    await settings.saveFreshnessHours('25', '169');
    await expect(admin.getByText('Verdict freshness thresholds saved')).toBeVisible();
    await expect(settings.freshnessHistory).toContainText('Caution after: 1 day → 25 hours');
    await expect(settings.freshnessHistory).toContainText('Cannot confirm offline after: 7 days → 169 hours');
    const sent = await (await admin.request.get('/api/credentials/revocations')).json();
    expect(sent.staleness).toEqual({ cautionAfterHours: 25, unconfirmedAfterHours: 169 });

    await settings.saveFreshnessHours('24', '168');
    await expect(settings.freshnessHistory).toContainText('Caution after: 25 hours → 1 day');
  } finally {
    // Other journeys read verdicts with these thresholds: they are the standard ones when this ends, whatever happened.
    const restored = await admin.request.put('/api/admin/settings/staleness', { data: STANDARD });
    expect(restored.status()).toBe(200);
    await admin.context().close();
  }
});
