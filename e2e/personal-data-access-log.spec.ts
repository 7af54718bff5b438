/**
 * The administrator reads who looked at owners' data: an officer's three lookups of one
 * plate (the same check id each time) are three rows of the QR System's Personal Data Access
 * Log, found by officer and plate (at 360 px, with no serious axe finding), and in its CSV;
 * offline, the log says it needs a connection.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { signedInPage } from './lifecycle-steps';
import { QrSystemPage } from './qr-system-page';
import { withServiceWorker } from './service-worker';

const PLATE = 'ZM-456-DEF';

withServiceWorker(() => {
  test('an officer’s lookups are rows the administrator filters, exports, and cannot read offline', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const officer = await signedInPage(browser, 'police');
    const checkId = randomUUID();
    for (let look = 0; look < 3; look += 1) {
      const answer = await officer.request.get(`/api/verification/${PLATE}?checkId=${checkId}`);
      expect((await answer.json()).owner).toBeDefined();
    }

    const admin = await signedInPage(browser, 'admin', { viewport: { width: 360, height: 800 } });
    const log = await QrSystemPage.open(admin, '/dashboard/admin/qr-system');
    await expect(log.accessLogShown).toBeVisible({ timeout: 20_000 });
    await log.accessLogOfficer.selectOption({ label: 'Inspector Tembo' });
    await log.accessLogPlate.fill('456-DEF');
    // The filters are in force once the file's address carries them; then only this plate's rows are left.
    await expect(log.accessLogExport).toHaveAttribute('href', /officerId=USR-\d+&plateNumber=456-DEF$/);
    await expect(log.inAccessLog(/^ZM-(?!456-DEF)/)).toHaveCount(0);
    await expect
      .poll(async () => Number(/of (\d+)/.exec((await log.accessLogShown.textContent()) ?? '')?.[1] ?? 0))
      .toBeGreaterThanOrEqual(3);
    await expect(log.inAccessLog(PLATE).first()).toBeVisible();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(admin)).toEqual([]);

    const href = (await log.accessLogExport.getAttribute('href')) ?? '';
    const csv = await (await admin.request.get(href)).text();
    expect(csv.split('\r\n').filter((line) => line.includes(checkId))).toHaveLength(3);

    await admin.context().setOffline(true);
    await expect(log.inAccessLog(/the access log is not kept on this device/)).toBeVisible();
    await expect(log.accessLogExportOffline).toBeDisabled();
    await admin.context().setOffline(false);
    await admin.context().close();
    await officer.context().close();
  });
});
