/**
 * The System Dashboard and Reports & Analytics as the administrator uses them: the period
 * and the view (or report type) change the figures and the charts shown; every export, made
 * on the device (CSV and PDF) or streamed by the server (users and logs), arrives as a file
 * whose numbers are the ones on the screen; both pages pass axe at 360 px and 1280 px.
 */
import { readFile } from 'node:fs/promises';
import { type Download, expect, test } from '@playwright/test';
import { signedInPage } from './lifecycle-steps';
import { AXE_CHECKS_TIMEOUT, seriousViolations } from './axe';
import { ReportsPage } from './reports-page';
import { withServiceWorker } from './service-worker';

const textOf = async (download: Download) => readFile((await download.path()) ?? '', 'utf8');

test('the System Dashboard follows its period and view, and exports the view shown as CSV and PDF', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await signedInPage(browser, 'admin');
  await admin.goto('/dashboard/admin');
  const dashboard = new ReportsPage(admin);
  await expect(dashboard.heading('System Dashboard')).toBeVisible();
  await expect(admin.getByText('Real-time system insights')).toBeVisible();
  await expect(admin.getByText(/^Last 30 Days: /)).toBeVisible({ timeout: 20_000 });
  const totalUsers = await dashboard.figure('Total Users');
  expect(Number(totalUsers.replace(/,/g, ''))).toBeGreaterThan(0);
  await expect(dashboard.chart('Monthly Trends')).toBeVisible();
  await expect(dashboard.chart('Plate Types')).toBeVisible();

  // The period: the range line and the figures follow.
  await dashboard.period.selectOption({ label: 'Last 7 Days' });
  await expect(admin.getByText(/^Last 7 Days: /)).toBeVisible({ timeout: 20_000 });
  // The view: Inventory shows the stock received and no trends; Users shows user status and no plate types.
  await dashboard.view.selectOption({ label: 'Inventory' });
  await expect(dashboard.chart('Stock Received')).toBeVisible({ timeout: 20_000 });
  await expect(dashboard.chart('Monthly Trends')).toHaveCount(0);
  await dashboard.view.selectOption({ label: 'Users' });
  await expect(dashboard.chart('User Status')).toBeVisible({ timeout: 20_000 });
  await expect(dashboard.chart('Plate Types')).toHaveCount(0);
  // Each chart's data is a table a screen reader can reach.
  await dashboard.showDataAsTable.first().click();
  await expect(dashboard.dataTable('Monthly trends')).toBeVisible();

  const csv = await dashboard.exportAs('Export', 'CSV');
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = await textOf(csv);
  expect(csvText).toContain('Total Users');
  expect(csvText).toContain(await dashboard.figure('Total Users').then((value) => value.replace(/,/g, '')));
  const pdf = await dashboard.exportAs('Export', 'PDF');
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile((await pdf.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
  await admin.context().close();
});

test('Reports & Analytics: report types and periods, Export Report as CSV and PDF, and each Quick Report Action', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await signedInPage(browser, 'admin');
  await admin.goto('/dashboard/admin/reports');
  const reports = new ReportsPage(admin);
  await expect(reports.heading('Reports & Analytics')).toBeVisible();
  await expect(admin.getByText(/^Last 30 Days: /)).toBeVisible({ timeout: 20_000 });
  await reports.period.selectOption({ label: 'Last Year' });
  await expect(admin.getByText(/^Last Year: /)).toBeVisible({ timeout: 20_000 });
  await reports.reportType.selectOption({ label: 'Inventory Report' });
  await expect(reports.chart('Stock Received')).toBeVisible({ timeout: 20_000 });
  await reports.reportType.selectOption({ label: 'Overview' });
  await expect(reports.chart('Plate Type Distribution')).toBeVisible({ timeout: 20_000 });

  const csv = await reports.exportAs('Export Report', 'CSV');
  const csvText = await textOf(csv);
  expect(csvText).toContain('Total Users');
  expect(csvText).toContain(await reports.figure('Total Users').then((value) => value.replace(/,/g, '')));
  const pdf = await reports.exportAs('Export Report', 'PDF');
  expect((await readFile((await pdf.path()) ?? '')).subarray(0, 5).toString()).toBe('%PDF-');

  // Quick Report Actions: users and logs streamed by the server, the inventory figures made here.
  for (const [name, header] of [
    ['Export User Report', /name/i],
    ['Export System Logs', /level/i],
    ['Export Inventory Report', /inventory/i],
  ] as const) {
    const downloading = admin.waitForEvent('download');
    await reports.quickReport(name).click();
    const file = await downloading;
    expect(file.suggestedFilename(), name).toMatch(/\.csv$/);
    const text = await textOf(file);
    expect(text.split(/\r?\n/)[0] ?? '', name).toMatch(header);
  }
  await admin.context().close();
});

for (const viewport of [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
]) {
  test(`the System Dashboard and Reports & Analytics have no serious accessibility violations at ${viewport.width} px`, async ({
    browser,
  }) => {
    test.setTimeout(AXE_CHECKS_TIMEOUT);
    const admin = await signedInPage(browser, 'admin', { viewport });
    const screen = new ReportsPage(admin);
    for (const [path, heading] of [
      ['/dashboard/admin', 'System Dashboard'],
      ['/dashboard/admin/reports', 'Reports & Analytics'],
    ] as const) {
      await admin.goto(path);
      await expect(screen.heading(heading)).toBeVisible();
      await expect(admin.getByText(/^Last 30 Days: /)).toBeVisible({ timeout: 20_000 });
      // The charts have drawn (or said they cannot) before axe looks.
      await expect(admin.getByText('Loading the chart…')).toHaveCount(0, { timeout: 20_000 });
      expect(await seriousViolations(admin), path).toEqual([]);
    }
    await admin.context().close();
  });
}

withServiceWorker(() => {
  test('offline at 360 px, Reports says it is shown as of its last fetch and its streamed exports, disabled, stay within the screen', async ({
    browser,
  }) => {
    const admin = await signedInPage(browser, 'admin', { viewport: { width: 360, height: 800 } });
    await admin.goto('/dashboard/admin/reports');
    const reports = new ReportsPage(admin);
    await expect(admin.getByText(/^Last 30 Days: /)).toBeVisible({ timeout: 20_000 });
    await admin.context().setOffline(true);
    await expect(reports.offlineAsOf).toContainText('This device is offline: the report is shown as of');
    const logs = reports.quickReport('Export System Logs (needs a connection)');
    await expect(logs).toBeDisabled();
    const box = await logs.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await admin.context().close();
  });
});
