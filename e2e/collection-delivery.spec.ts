/**
 * Who makes the plates and how the buyer gets them: an applicant chooses the plate shop in the
 * wizard and the approved order goes to it, the receipt's Next Steps naming it; an applicant asks for
 * delivery and pays its fee (the card on the card provider's page, the fee and the delivery on the receipt); Buy Now asks for the vehicle and the shop, and
 * the order carries them. Each journey makes its own application or buys its own plate.
 */
import { type APIRequestContext, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { DEMO, FIRST_SYNC_TIMEOUT, signInAs } from './app-page';
import { type Applicant, BuyProcessPage } from './buy-process-page';
import { applicationReferenceOn, nextStepOnReceipt, payOnCardPage, receiptOf } from './card-page';
import { freePlate } from './free-plate';
import { MarketplacePage } from './marketplace-page';

const SHOP = 'Cairo Road Plates';
const SHOP_ADDRESS = 'Shop 14, Cairo Road, Lusaka';

const applicant: Applicant = {
  fullName: 'Mwila Banda',
  nrcNumber: '123456/78/9',
  phoneNumber: '+260 97 1234567',
  email: 'buyer@nambala.zm',
  address: 'Plot 12, Kabulonga Road, Lusaka',
  numberOfPlates: '1',
  vehicleMake: 'Nissan',
  vehicleModel: 'Navara',
  vehicleRegistration: 'BCD 4321',
};

async function adminApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: DEMO.admin })).status()).toBe(200);
  return api;
}

/** Fills step 1 and goes on to step 2, where the plate shop and delivery are chosen. */
async function toStep2(page: Page): Promise<BuyProcessPage> {
  await signInAs(page, 'buyer');
  const wizard = await BuyProcessPage.open(page);
  await wizard.fill(applicant);
  await wizard.next.click();
  await expect(wizard.stepHeading('Payment')).toBeVisible();
  return wizard;
}

/** Submits, pays on the card provider's page, and answers the application's reference from the receipt. */
async function payByCard(wizard: BuyProcessPage): Promise<string> {
  await wizard.chooseMethod('Credit/Debit Card');
  await wizard.submit.click();
  await payOnCardPage(wizard.page, '4242 4242 4242 4242');
  const receipt = receiptOf(wizard.page);
  await expect(receipt).toContainText('StatusPaid');
  return applicationReferenceOn(receipt);
}

test.describe('collection and delivery', () => {
  test('an applicant chooses the plate shop: the receipt’s Next Steps name it, and the approved order goes to it', async ({
    page,
    baseURL,
  }) => {
    const wizard = await toStep2(page);
    // Left to the administrator until the applicant chooses; each shop shows its address and hours.
    await expect(wizard.shop('Leave it to the administrator')).toBeChecked();
    await expect(wizard.shop(SHOP)).toHaveAccessibleName(new RegExp(`${SHOP_ADDRESS}.*Opening hours`));
    await wizard.chooseShop(SHOP);
    await expect(wizard.shop(SHOP)).toBeChecked();
    const reference = await payByCard(wizard);
    await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
    await expect(nextStepOnReceipt(page, 'Delivery')).toContainText(
      `Collect your plates from ${SHOP}, ${SHOP_ADDRESS}.`,
      {
        timeout: FIRST_SYNC_TIMEOUT,
      },
    );

    const admin = await adminApi(baseURL);
    const { requests } = (await (await admin.get('/api/admin/requests')).json()) as {
      requests: Array<{ id: string; reference: string }>;
    };
    const request = requests.find((candidate) => candidate.reference === reference);
    expect(request).toBeDefined();
    const decided = await admin.post('/api/admin/requests/decide', {
      data: { ids: [request?.id], decision: 'approve' },
    });
    expect(decided.status()).toBe(200);
    const { outcomes } = (await decided.json()) as { outcomes: Array<{ ok: boolean; agent: { name: string } }> };
    expect(outcomes[0]).toMatchObject({ ok: true, agent: { name: SHOP } });
    await admin.dispose();
  });

  test('an applicant asks for delivery: the fee is in the price and on the receipt, and Next Steps say delivery', async ({
    page,
  }) => {
    const wizard = await toStep2(page);
    await wizard.chooseDelivery('Plot 12, Kabulonga Road, Lusaka');
    await wizard.chooseMethod('Credit/Debit Card');
    // K300 + K10 processing + 3% of K300 + the K50 delivery fee.
    await expect(wizard.breakdown).toContainText('Delivery feeK50.00');
    await expect(wizard.breakdown).toContainText('TotalK369.00');
    await payByCard(wizard);
    const receipt = receiptOf(page);
    await expect(receipt).toContainText('Delivery feeK50.00');
    await expect(receipt).toContainText('TotalK369.00');
    await expect(nextStepOnReceipt(page, 'Delivery')).toContainText(
      'We will deliver your plates to Plot 12, Kabulonga Road, Lusaka (delivery fee K50.00).',
      { timeout: FIRST_SYNC_TIMEOUT },
    );
  });

  test('Buy Now asks for the vehicle and the plate shop, and the order carries them', async ({ page }) => {
    await signInAs(page, 'buyer');
    const { number } = await freePlate(page);
    const market = await MarketplacePage.open(page, number);
    await market.waitForListings();
    const dialog = await market.openPlate(number);
    await dialog.chooseMethod(dialog.buy, 'Credit/Debit Card');
    await dialog.ownerName.fill('Mwila Banda');
    await dialog.ownerNrc.fill('123456/78/9');
    await dialog.checkout.click();
    // Asked as the wizard asks it.
    await expect(dialog.buy.getByText('Vehicle make is required')).toBeVisible();
    await dialog.vehicleField('Vehicle Make').fill('Toyota');
    await dialog.vehicleField('Vehicle Model').fill('Hilux');
    await dialog.vehicleField('Registration Number').fill('BAK 1234');
    await dialog.chooseShop(SHOP);
    await dialog.checkout.click();
    await payOnCardPage(page, '4242 4242 4242 4242');
    const receipt = receiptOf(page);
    await expect(receipt).toContainText(`Purchase of plate ${number}`);
    await expect(receipt).toContainText('StatusPaid');

    const { orders } = (await (await page.request.get('/api/purchases')).json()) as {
      orders: Array<{ plateNumber: string; vehicle: string; shopId: string | null; deliveryAddress: string | null }>;
    };
    const shops = (await (await page.request.get('/api/plate-shops')).json()) as {
      shops: Array<{ id: string; name: string }>;
    };
    expect(orders.find((order) => order.plateNumber === number)).toMatchObject({
      vehicle: 'Toyota Hilux, BAK 1234',
      shopId: shops.shops.find((shop) => shop.name === SHOP)?.id,
      deliveryAddress: null,
    });
  });
});
