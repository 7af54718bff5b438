/**
 * The buyer's choice of plate shop and delivery, read back: before approval the administrator's
 * View Details names the shop the buyer chose and the delivery address, and the buyer's own
 * order in My Plates & Orders names them too. The test works on an application of its own,
 * paid by bank transfer so nothing is charged and nobody else's records change.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInAs } from './app-page';
import { MyPlatesPage } from './my-plates-page';
import { PlateRequestsPage } from './plate-requests-page';

test.describe.configure({ timeout: 60_000 });

const SHOP = 'Cairo Road Plates';

test('the shop the buyer chose and the delivery address are shown to the administrator and the buyer', async ({
  browser,
}) => {
  const address = `Plot ${100 + Math.floor(Math.random() * 900)}, Kabulonga Road, Lusaka`;
  const buyer = await (await browser.newContext()).newPage();
  await signInAs(buyer, 'buyer');
  const { shops } = (await (await buyer.request.get('/api/plate-shops')).json()) as {
    shops: Array<{ id: string; name: string }>;
  };
  const shop = shops.find((candidate) => candidate.name === SHOP);
  expect(shop, SHOP).toBeDefined();
  const response = await buyer.request.post('/api/applications', {
    data: {
      id: randomUUID(),
      fullName: 'Mwila Banda',
      nrcNumber: '123456/78/9',
      phoneNumber: '+260971234567',
      email: 'buyer@nambala.zm',
      address: 'Plot 12, Kabulonga Road, Lusaka',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      registrationNotYetKnown: true,
      numberOfPlates: 1,
      paymentMethod: 'bank',
      shopId: shop?.id,
      delivery: true,
      deliveryAddress: address,
    },
  });
  expect(response.status()).toBe(201);
  const { reference, requestId } = (await response.json()) as { reference: string; requestId: string };

  // The administrator, before deciding.
  const requests = await PlateRequestsPage.open(browser);
  await requests.search(reference);
  await requests.rowButton(requestId, 'View details of').click();
  const details = requests.details(requestId);
  await expect(details.getByText(`${SHOP} (chosen by the buyer)`)).toBeVisible();
  await expect(details.getByText(`Delivery to ${address}`)).toBeVisible();
  await requests.page.context().close();

  // The buyer, on their own order.
  const plates = await MyPlatesPage.open(buyer, '/dashboard/user/plates');
  await plates.page.getByRole('button', { name: `View Application ${reference} / ${requestId}` }).click();
  const order = plates.page.getByRole('dialog', { name: `Application ${reference} / ${requestId}` });
  await expect(order.getByText(SHOP, { exact: true })).toBeVisible();
  await expect(order.getByText(`Delivery to ${address}`)).toBeVisible();
  await buyer.context().close();
});
