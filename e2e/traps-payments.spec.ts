/**
 * Payments say what happened: on a phone-sized screen a declined card in the application
 * wizard leads with the decline and how to pay again, never "Application Submitted!"; and the
 * marketplace offers bank transfer as the wizard does, leading with the transfer awaited, its
 * reference and the bank details.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { openApp, signInAs, waitForListings } from './app-page';

const PHONE = { width: 360, height: 800 };

/** Step 1 of the wizard, filled by label the way an applicant fills it. */
async function fillPersonalInfo(page: Page): Promise<void> {
  await page.getByLabel(/^Full Name/).fill('Chanda Mulenga');
  await page.getByLabel(/^NRC Number/).fill('123456/78/9');
  await page.getByLabel(/^Phone Number/).fill('+260 97 1234567');
  await page.getByLabel(/^Email/).fill('chanda@example.zm');
  await page.getByLabel(/^Address/).fill('Plot 12, Cairo Road, Lusaka');
  await page.getByLabel(/^Number of Plates/).fill('1');
  await page.getByLabel(/^Vehicle Make/).fill('Toyota');
  await page.getByLabel(/^Vehicle Model/).fill('Corolla');
  await page.getByText('Registration not yet known', { exact: true }).click();
}

/** An Available plate no other journey names, so parallel tests do not compete for it. */
async function availablePlate(page: Page): Promise<string> {
  const response = await page.request.get('/api/listings');
  expect(response.ok()).toBe(true);
  const { listings } = (await response.json()) as { listings: Array<{ number: string; status: string }> };
  const taken = new Set(['ZM-777-VIP', 'ZM-001-ABC']);
  const free = listings.filter((listing) => listing.status === 'Available' && !taken.has(listing.number));
  expect(free.length).toBeGreaterThan(0);
  return free[Math.floor(Math.random() * free.length)]?.number ?? '';
}

async function openPlate(page: Page, number: string): Promise<Locator> {
  await waitForListings(page);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /favorites$/ }) })
    .filter({ hasText: number });
  await card.getByRole('button', { name: 'View Details' }).click();
  const dialog = page.getByRole('dialog', { name: `Plate ${number}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('payments say the truth', () => {
  test.describe.configure({ timeout: 60_000 });

  test('at 360 px a declined card in the wizard leads with "declined" and how to pay again, not "Application Submitted!"', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signInAs(page, 'buyer');
    await openApp(page, '/buy-process');
    await fillPersonalInfo(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Credit/Debit Card').click();
    await page.getByLabel(/^Card number/).fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Submit Application' }).click();

    const outcome = page.getByTestId('payment-outcome');
    const heading = page.getByRole('heading', { level: 2, name: 'Card payment declined' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(outcome).toHaveAttribute('data-outcome', 'declined');
    await expect(outcome).toContainText('Nothing was charged.');
    await expect(outcome).toContainText(
      'Try another card, or pay by mobile money or bank transfer below, or later from My Plates & Orders.',
    );
    await expect(page.getByText('Application Submitted!')).toHaveCount(0);
    await expect(page.getByText(/submitted successfully/)).toHaveCount(0);

    // The decline leads: it comes before the reference and the payment's details.
    const leadBox = await outcome.boundingBox();
    const panelBox = await page.getByTestId('payment-panel').boundingBox();
    expect(leadBox && panelBox && leadBox.y < panelBox.y).toBe(true);
    await expect(page.getByRole('form', { name: 'Pay again' })).toBeVisible();
  });

  test('the marketplace offers bank transfer, and leads with the transfer awaited and its reference', async ({
    page,
  }) => {
    await signInAs(page, 'buyer');
    const number = await availablePlate(page);
    await openApp(page, `/marketplace?plate=${number}`);
    const dialog = await openPlate(page, number);
    const buy = dialog.getByRole('tabpanel', { name: 'Buy Now' });
    await expect(buy.getByRole('radio', { name: /^Bank Transfer/ })).toHaveCount(1);
    await buy.getByText('Bank Transfer', { exact: true }).click();
    await expect(buy.getByText(/^Gateway fee \(Bank Transfer/)).toBeVisible();
    await buy.getByRole('textbox', { name: 'Full Name' }).fill('Mwila Banda');
    await buy.getByRole('textbox', { name: 'NRC Number' }).fill('123456/78/9');
    await buy.getByRole('button', { name: 'Add to Cart & Checkout' }).click();

    const outcome = buy.getByTestId('payment-outcome');
    await expect(outcome).toHaveAttribute('data-outcome', 'awaiting-transfer');
    await expect(outcome.getByRole('heading', { name: 'Waiting for your bank transfer' })).toBeVisible();
    await expect(outcome).toContainText(/quoting the reference PAY-\d+/);
    await expect(outcome).toContainText(/The plate is held for you until \d{1,2} \w{3} \d{4}\./);
    await expect(buy.getByTestId('payment-panel')).toHaveAttribute('data-status', 'pending');
    await expect(buy.getByTestId('payment-panel')).toContainText(/PAY-\d+/);
    await expect(buy.getByTestId('registered-owner')).toContainText('Once paid, the plate will be registered to');
  });
});
