/**
 * Choosing a number (docs/plate-numbers.md): a visitor checks a free number on the home
 * page and follows its link; the wizard shows and keeps exactly that number (across a
 * reload) to the confirmation; the administrator sees the application carrying it, and
 * approving it allocates that number. Text that is not a plate number gets a clear message,
 * a listed number leads to its marketplace listing, and a registered number says so.
 */
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { DEMO, signInAs } from './app-page';
import { BuyProcessPage } from './buy-process-page';
import { CHECKED_LISTED_PLATE } from './free-plate';
import { applicationReferenceOn, payOnCardPage, receiptOf } from './card-page';
import { HomePage } from './home-page';
import { MarketplacePage } from './marketplace-page';
import { PlateRequestsPage } from './plate-requests-page';

/** A free number of this run's own (ZM-5xx-MWB), so a rerun against the same server finds it free too. */
const freeNumber = `ZM-${500 + Math.floor(Math.random() * 100)}-MWB`;

async function adminApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: DEMO.admin })).status()).toBe(200);
  return api;
}

test.describe('choosing a number', () => {
  test('a free number checked on the home page is the number applied for, kept to the payment and allocated on approval', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInAs(page, 'buyer');
    const home = await HomePage.open(page);
    await home.checkPlate(freeNumber);
    await expect(home.answer).toContainText(`${freeNumber} is free`);
    await home.applyFor(freeNumber).click();

    const wizard = new BuyProcessPage(page);
    await expect(wizard.heading).toBeVisible();
    await expect(wizard.chosenNumbers.getByRole('listitem')).toHaveText([new RegExp(`^${freeNumber}`)]);
    await wizard.fill({
      fullName: 'Mwila Banda',
      nrcNumber: '345678/90/1',
      phoneNumber: '+260 97 3456789',
      email: 'mwila@example.zm',
      address: 'Plot 7, Independence Avenue, Lusaka',
      numberOfPlates: '1',
      vehicleMake: 'Toyota',
      vehicleModel: 'Hilux',
      vehicleRegistration: 'BAK 4521',
    });
    // The number is kept on the device with the rest of the draft.
    await page.reload();
    await expect(wizard.chosenNumbers).toContainText(freeNumber);
    await wizard.next.click();

    await expect(wizard.stepHeading('Payment')).toBeVisible();
    await wizard.chooseMethod('Credit/Debit Card');
    await wizard.submit.click();
    // Paid on the card provider's page, the payer is back on the application's receipt.
    await payOnCardPage(page, '4242 4242 4242 4242');
    const receipt = receiptOf(page);
    await expect(receipt).toContainText('StatusPaid');
    const reference = await applicationReferenceOn(receipt);

    // The administrator's application carries the number, and approving it allocates exactly that one.
    const api = await adminApi(baseURL);
    const { requests } = (await (await api.get('/api/admin/requests')).json()) as {
      requests: Array<{ id: string; reference: string; requestedNumbers: string[] }>;
    };
    await api.dispose();
    const request = requests.find((entry) => entry.reference === reference);
    expect(request?.requestedNumbers).toEqual([freeNumber]);
    const requestId = request?.id ?? '';

    const review = await PlateRequestsPage.open(browser);
    await review.search(requestId);
    await review.rowButton(requestId, 'View details of').click();
    await expect(review.details(requestId)).toContainText('Chosen Numbers');
    await expect(review.details(requestId)).toContainText(freeNumber);
    await review.details(requestId).getByRole('button', { name: 'Close' }).first().click();
    expect(await review.approve(requestId, 'Mwila Banda', 1)).toEqual([freeNumber]);
    await review.page.context().close();

    // Now it is taken: the home page no longer offers it.
    await home.page.goto('/');
    await home.checkPlate(freeNumber);
    await expect(home.answer).not.toContainText('is free');
  });

  test('HELLO gets a clear message, a listed number leads to its listing, a registered number says so', async ({
    page,
  }) => {
    const home = await HomePage.open(page);
    await home.checkPlate('HELLO');
    await expect(page.getByText('HELLO is not a plate number you can apply for.', { exact: false })).toBeVisible();
    await expect(home.availabilityField).toHaveAttribute('aria-invalid', 'true');
    await expect(home.answer).toHaveCount(0);

    await home.checkPlate('ZM-123-ABC');
    await expect(home.answer).toContainText('ZM-123-ABC is already registered');

    await home.checkPlate(CHECKED_LISTED_PLATE);
    await expect(home.answer).toContainText(`${CHECKED_LISTED_PLATE} is for sale`);
    await home.viewInMarketplace.click();
    const market = new MarketplacePage(page);
    await expect(market.card(CHECKED_LISTED_PLATE)).toBeVisible();
  });
});
