/**
 * One order followed from both ends: a visitor checks a free number on the home page, applies
 * for exactly that number choosing the plate shop, signs in when the wizard asks and pays on the card provider's page; the
 * administrator finds the order by the buyer's LP- reference and rejects it; the refund is made
 * through the payment provider and the buyer sees Refunded on the receipt and is told.
 */
import { expect, test } from '@playwright/test';
import { DEMO, FIRST_SYNC_TIMEOUT } from './app-page';
import { AuthPage } from './auth-page';
import { BuyProcessPage } from './buy-process-page';
import { applicationReferenceOn, nextStepOnReceipt, payOnCardPage, receiptOf } from './card-page';
import { DashboardPage } from './dashboard-page';
import { HomePage } from './home-page';
import { PlateRequestsPage } from './plate-requests-page';
import { expectReceiptRefund } from './refunds-page';

test.describe.configure({ timeout: 90_000 });

const SHOP = 'Cairo Road Plates';
/** A number of this run's own, so a rerun against the same server finds it free too. */
const freeNumber = `ZM-${600 + Math.floor(Math.random() * 100)}-NJB`;

test('a number checked on the home page is applied for with a chosen shop, found by its LP- reference, rejected and refunded', async ({
  page,
  browser,
}) => {
  // A visitor, not signed in.
  const home = await HomePage.open(page);
  await home.checkPlate(freeNumber);
  await expect(home.answer).toContainText(`${freeNumber} is free`);
  await home.applyFor(freeNumber).click();

  const wizard = new BuyProcessPage(page);
  await expect(wizard.chosenNumbers.getByRole('listitem')).toHaveText([new RegExp(`^${freeNumber}`)]);
  await wizard.fill({
    fullName: 'Mwila Banda',
    nrcNumber: '123456/78/9',
    phoneNumber: '+260 97 1234567',
    email: 'buyer@nambala.zm',
    address: 'Plot 12, Kabulonga Road, Lusaka',
    numberOfPlates: '1',
    vehicleMake: 'Mazda',
    vehicleModel: 'BT-50',
    vehicleRegistration: 'BAD 6060',
  });
  await wizard.next.click();
  await expect(wizard.stepHeading('Payment')).toBeVisible();
  await wizard.chooseShop(SHOP);
  await wizard.chooseMethod('Credit/Debit Card');
  await wizard.submit.click();

  // Paying needs an account: the wizard sends the visitor to sign in and back, its choices kept.
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  await new AuthPage(page).logIn(DEMO.buyer.email, DEMO.buyer.password);
  await expect(page).toHaveURL(/\/buy-process/);
  await expect(wizard.stepHeading('Payment')).toBeVisible();
  await expect(wizard.shop(SHOP)).toBeChecked();
  await expect(wizard.method('Credit/Debit Card')).toBeChecked();
  await wizard.submit.click();
  // The card is paid on the provider's page, which sends the buyer back to the receipt.
  await payOnCardPage(page, '4242 4242 4242 4242');
  const paid = receiptOf(page);
  await expect(paid).toContainText('StatusPaid');
  const reference = await applicationReferenceOn(paid);
  // The receipt confirms the application as the wizard's last step did: the number asked for and the shop.
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  await expect(page.getByTestId('chosen-numbers')).toContainText(freeNumber, { timeout: FIRST_SYNC_TIMEOUT });
  await expect(nextStepOnReceipt(page, 'Delivery')).toContainText(SHOP);

  // The support desk has only the buyer's reference.
  const requests = await PlateRequestsPage.open(browser);
  await requests.search(reference);
  const found = requests.page.getByRole('row').filter({ hasText: reference });
  await expect(found).toHaveCount(1);
  const requestId = /REQ-\d+/.exec((await found.textContent()) ?? '')?.[0] ?? '';
  expect(requestId).not.toBe('');
  await requests.rowButton(requestId, 'Reject').click();
  await requests.rejectWith('The vehicle registration does not match the NRC given.', 'Reject Request');
  await expect(requests.row(requestId)).toContainText('Rejected');
  await requests.page.context().close();

  // The buyer's receipt reads Refunded once the provider has paid the money back.
  const payments = (await (await page.request.get('/api/payments')).json()) as {
    payments: Array<{ id: string; reference: string; description: string }>;
  };
  const payment = payments.payments.find((entry) => entry.description.includes(reference));
  expect(payment, `a payment for ${reference}`).toBeDefined();
  const receipt = await expectReceiptRefund(page, payment?.id ?? '', 'Refunded');
  await expect(receipt).toContainText(/Refunded K[\d,]+\.\d{2} on \d{1,2} \w+ \d{4}/);

  const dashboard = await DashboardPage.open(page, '/dashboard');
  await dashboard.notificationsButton().click();
  await expect(
    dashboard.notifications
      .getByRole('listitem')
      .filter({ hasText: payment?.reference ?? '' })
      .first(),
  ).toContainText(/Refund REF-\d{6} made/);
});
