/**
 * Refunds through the payment provider (the sandbox: pending, then refunded a few seconds
 * later): the administrator rejects a paid application, the buyer sees Refunded with the
 * amount and date on the receipt and in My Plates & Orders and is told (notifications, Sent
 * messages), the Refunds list shows it and exports it; a refund that fails (the sandbox's
 * refund test card) is retried from the list. Each test submits applications of its own.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type Browser, expect, test } from '@playwright/test';
import { openApp, signInAs } from './app-page';
import { payOnCardPageByRequest } from './card-page';
import { DashboardPage } from './dashboard-page';
import { MyPlatesPage } from './my-plates-page';
import { seriousViolations } from './axe';
import { PlateRequestsPage } from './plate-requests-page';
import { expectReceiptRefund, RefundsPage } from './refunds-page';

test.describe.configure({ timeout: 90_000 });

const runId = () => Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

/** An application of the demo buyer's, paid at once with `card` on the card provider's page. */
async function paidApplication(browser: Browser, fullName: string, card: string) {
  const buyer = await (await browser.newContext()).newPage();
  await signInAs(buyer, 'buyer');
  const response = await buyer.request.post('/api/applications', {
    data: {
      id: randomUUID(),
      fullName,
      nrcNumber: '123456/78/9',
      phoneNumber: '+260971234567',
      email: 'buyer@nambala.zm',
      address: 'Plot 12, Kabulonga Road, Lusaka',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      registrationNotYetKnown: true,
      numberOfPlates: 1,
      paymentMethod: 'card',
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as {
    reference: string;
    requestId: string;
    payment: { id: string; status: string; reference: string; amount: number; checkoutUrl: string };
  };
  // The card paid on the card provider's page, as the buyer's browser would.
  expect((await payOnCardPageByRequest(buyer.request, body.payment.checkoutUrl, card)).status).toBe('approved');
  await buyer.context().close();
  return body;
}

const kwacha = (ngwee: number) => `K${(ngwee / 100).toFixed(2)}`;

test('a rejected paid application is refunded: the buyer sees Refunded with amount and date and is told; the Refunds list shows and exports it', async ({
  browser,
}) => {
  const run = runId();
  const application = await paidApplication(browser, `Refund Test ${run}`, '4242 4242 4242 4242');
  const amount = kwacha(application.payment.amount);

  const requests = await PlateRequestsPage.open(browser);
  await requests.search(`Refund Test ${run}`);
  await requests.rowButton(application.requestId, 'Reject').click();
  await requests.rejectWith(`Duplicate application (${run}).`, 'Reject Request');
  await expect(requests.row(application.requestId)).toContainText('Rejected');

  const buyer = await (await browser.newContext()).newPage();
  await signInAs(buyer, 'buyer');
  const receipt = await expectReceiptRefund(buyer, application.payment.id, 'Refunded');
  await expect(receipt).toContainText(new RegExp(`Refunded ${amount.replace('.', '\\.')} on \\d{1,2} \\w+ \\d{4}`));

  const myPlates = new MyPlatesPage(buyer);
  await openApp(buyer, '/dashboard/user/plates');
  const order = myPlates.row(application.reference);
  await expect(order).toContainText('Rejected', { timeout: 20_000 });
  await expect(order).toContainText(`Refunded ${amount}`);

  const dashboard = await DashboardPage.open(buyer, '/dashboard');
  await dashboard.notificationsButton().click();
  const note = dashboard.notifications.getByRole('listitem').filter({ hasText: application.payment.reference });
  await expect(note.filter({ hasText: /Refund REF-\d{6} made/ })).toContainText(`${amount} was paid back`);

  const refunds = await RefundsPage.open(browser);
  const row = refunds.row(application.payment.reference);
  await expect(row).toContainText('Refunded');
  await expect(row).toContainText(amount);
  await expect(row).toContainText('Application rejected');
  const download = refunds.page.waitForEvent('download');
  await refunds.exportButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^nambala-refunds-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await readFile(await file.path(), 'utf8')).toContain(application.payment.reference);

  // The buyer's SMS and email, as the administrator's Sent messages show them.
  await openApp(refunds.page, '/dashboard/admin/messages');
  await expect(
    refunds.page
      .getByRole('listitem')
      .filter({ hasText: `Your payment ${application.payment.reference} has been refunded` })
      .first(),
  ).toBeVisible({ timeout: 20_000 });
});

test('a failed refund shows failed in the Refunds list, and Retry asks the provider again until it is refunded', async ({
  browser,
}) => {
  const run = runId();
  // The sandbox's refund test card: the first attempt to refund it fails.
  const application = await paidApplication(browser, `Refund Retry ${run}`, '4000 0000 0000 5126');
  const refunds = await RefundsPage.open(browser);
  const decided = await refunds.page.request.post('/api/admin/requests/decide', {
    data: { ids: [application.requestId], decision: 'reject', reason: `Vehicle details missing (${run}).` },
  });
  expect(decided.status()).toBe(200);

  await refunds.waitForStatus(application.payment.reference, 'Refund failed');
  const reference =
    (await refunds
      .row(application.payment.reference)
      .getByText(/^REF-\d{6}$/)
      .textContent()) ?? '';
  await refunds.retryButton(reference).click();
  await expect(refunds.row(application.payment.reference)).toContainText('Refund pending');
  await expect(refunds.row(application.payment.reference)).toContainText('attempt 2');
  await refunds.waitForStatus(application.payment.reference, 'Refunded');
  await expect(refunds.retryButton(reference)).toHaveCount(0);

  // On a phone the list is cards instead of the table, with no serious accessibility violation.
  await refunds.page.setViewportSize({ width: 360, height: 800 });
  await expect(
    refunds.page.getByRole('list', { name: 'Refunds' }).getByRole('listitem').filter({ hasText: reference }),
  ).toContainText('Refunded');
  expect(await seriousViolations(refunds.page)).toEqual([]);
});
