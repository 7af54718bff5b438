/**
 * Cards are paid on the card provider's own page: the wizard has no card field, sends the
 * payer to the sandbox's page, and the payer comes back to the receipt showing the outcome —
 * approved, or declined with the reason.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from './app-page';
import { BuyProcessPage } from './buy-process-page';
import { payOnCardPage } from './card-page';

async function applyByCard(wizard: BuyProcessPage, name: string): Promise<void> {
  await wizard.fill({
    fullName: name,
    nrcNumber: '123456/78/9',
    phoneNumber: '+260 97 1234567',
    email: 'card.payer@example.zm',
    address: 'Plot 12, Cairo Road, Lusaka',
    numberOfPlates: '1',
    vehicleMake: 'Toyota',
    vehicleModel: 'Corolla',
  });
  await wizard.tickRegistrationNotYetKnown();
  await wizard.next.click();
  await wizard.chooseMethod('Credit/Debit Card');
  await expect(wizard.form.getByText("You will enter your card on the card provider's secure page.")).toBeVisible();
  await expect(wizard.form.getByLabel(/Card number/)).toHaveCount(0);
  await wizard.submit.click();
}

test.describe("cards on the card provider's page", () => {
  test.describe.configure({ timeout: 60_000 });

  test('an approved card: to the provider’s page and back to the receipt, Approved', async ({ page }) => {
    await signInAs(page, 'buyer');
    const wizard = await BuyProcessPage.open(page);
    await applyByCard(wizard, 'Hosted Card Approved');
    await payOnCardPage(page, '4242 4242 4242 4242');
    const receipt = page.getByRole('article', { name: /^(Receipt|Payment) PAY-\d{6}$/ });
    await expect(receipt).toContainText('StatusPaid');
    await expect(receipt).toContainText('Visa •••• 4242');
  });

  test('a declined card: back to the receipt with the decline reason', async ({ page }) => {
    await signInAs(page, 'buyer');
    const wizard = await BuyProcessPage.open(page);
    await applyByCard(wizard, 'Hosted Card Declined');
    await payOnCardPage(page, '4000 0000 0000 0002');
    const receipt = page.getByRole('article', { name: /^(Receipt|Payment) PAY-\d{6}$/ });
    await expect(receipt).toContainText('StatusDeclined');
    await expect(receipt).toContainText('ReasonInsufficient funds');
  });
});
