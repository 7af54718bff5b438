/**
 * Payments say what happened: on a phone-sized screen a card declined on the card provider's
 * page comes back to a receipt that says so with the reason, that nothing was charged and where to pay
 * again, never "Application Submitted!"; and the
 * marketplace offers bank transfer as the wizard does, leading with the transfer awaited, its
 * reference and the bank details.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from './app-page';
import { BuyProcessPage } from './buy-process-page';
import { payOnCardPage, receiptOf } from './card-page';
import { freePlate } from './free-plate';
import { MarketplacePage, type PlateDialog } from './marketplace-page';

const PHONE = { width: 360, height: 800 };

/** Step 1 of the wizard, filled by label the way an applicant fills it. */
async function fillPersonalInfo(wizard: BuyProcessPage): Promise<void> {
  await wizard.fill({
    fullName: 'Chanda Mulenga',
    nrcNumber: '123456/78/9',
    phoneNumber: '+260 97 1234567',
    email: 'chanda@example.zm',
    address: 'Plot 12, Cairo Road, Lusaka',
    numberOfPlates: '1',
    vehicleMake: 'Toyota',
    vehicleModel: 'Corolla',
  });
  await wizard.tickRegistrationNotYetKnown();
}

async function openPlate(market: MarketplacePage, number: string): Promise<PlateDialog> {
  await market.waitForListings();
  return market.openPlate(number);
}

test.describe('payments say the truth', () => {
  test.describe.configure({ timeout: 60_000 });

  test('at 360 px a declined card is back on the receipt, declined with its reason, not "Application Submitted!"', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signInAs(page, 'buyer');
    const wizard = await BuyProcessPage.open(page);
    await fillPersonalInfo(wizard);
    await wizard.next.click();
    await wizard.chooseMethod('Credit/Debit Card');
    await wizard.submit.click();
    await payOnCardPage(page, '4000 0000 0000 0002');

    // The receipt leads with what happened, why, that nothing was charged and where to pay again,
    // on the phone's first screen.
    const receipt = receiptOf(page);
    const outcome = receipt.getByTestId('payment-outcome');
    await expect(outcome.getByRole('heading', { name: 'Card payment declined' })).toBeInViewport();
    await expect(outcome).toContainText('declined: Insufficient funds. Nothing was charged.');
    await expect(outcome).toContainText(/Next: Try another card/);
    const payAgain = receipt.getByRole('link', { name: /^Pay for LP-\d+ in My Plates & Orders$/ });
    await expect(payAgain).toBeInViewport();
    await expect(receipt).toContainText('StatusDeclined');
    await expect(receipt).toContainText('ReasonInsufficient funds');
    await expect(page.getByText('Application Submitted!')).toHaveCount(0);
    await expect(page.getByText(/submitted successfully/)).toHaveCount(0);
    // The link leads to the application, waiting to be paid for.
    await payAgain.click();
    await expect(page).toHaveURL(/\/dashboard\/user\/plates$/);
    await expect(page.getByRole('button', { name: /^Pay for LP-\d+$/ }).first()).toBeVisible();
  });

  test('the marketplace offers bank transfer, and leads with the transfer awaited and its reference', async ({
    page,
  }) => {
    await signInAs(page, 'buyer');
    const number = (await freePlate(page)).number;
    const market = await MarketplacePage.open(page, number);
    const dialog = await openPlate(market, number);
    const buy = dialog.buy;
    await expect(buy.getByRole('radio', { name: /^Bank Transfer/ })).toHaveCount(1);
    await dialog.chooseMethod(buy, 'Bank Transfer');
    await expect(buy.getByText(/^Gateway fee \(Bank Transfer/)).toBeVisible();
    await dialog.ownerName.fill('Mwila Banda');
    await dialog.ownerNrc.fill('123456/78/9');
    await dialog.tickVehicleNotYetKnown();
    await dialog.checkout.click();

    const outcome = dialog.outcome(buy);
    await expect(outcome).toHaveAttribute('data-outcome', 'awaiting-transfer');
    await expect(outcome.getByRole('heading', { name: 'Waiting for your bank transfer' })).toBeVisible();
    await expect(outcome).toContainText(/quoting the reference PAY-\d+/);
    await expect(outcome).toContainText(/The plate is held for you until \d{1,2} \w{3} \d{4}\./);
    await expect(dialog.payment(buy)).toHaveAttribute('data-status', 'pending');
    await expect(dialog.payment(buy)).toContainText(/PAY-\d+/);
    await expect(dialog.registeredOwner(buy)).toContainText('Once paid, the plate will be registered to');
  });
});
