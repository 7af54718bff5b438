/**
 * One order, the same references everywhere, and accounts handed over safely: the
 * administrator finds an application in Plate Requests by the buyer's LP- reference and by
 * the applicant's email, and a marketplace order by its PO- reference or plate; its QR code carries a link that opens the order for signed-in staff
 * and asks anyone else to sign in; Add User sends an invitation (read in Sent messages) with
 * which the new user chooses a password and signs in. Each test works on an application or
 * an account of its own.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signInAs } from './app-page';
import { AuthPage, PasswordResetPage } from './auth-page';
import { ORDER_REFERENCE_PLATE } from './free-plate';
import { PlateRequestsPage } from './plate-requests-page';
import { UsersPage } from './users-page';

test.describe.configure({ timeout: 60_000 });

// Letters only: an applicant's name may not carry digits.
const runId = () => Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

test('the administrator finds an order by its LP- reference and by email, and its QR code is a link to it', async ({
  browser,
}) => {
  const run = runId();
  const fullName = `Refs Test ${run}`;
  const email = `refs-${run.toLowerCase()}@example.zm`;
  const buyer = await (await browser.newContext()).newPage();
  await signInAs(buyer, 'buyer');
  const response = await buyer.request.post('/api/applications', {
    data: {
      id: randomUUID(),
      fullName,
      nrcNumber: '123456/78/9',
      phoneNumber: '+260971234567',
      email,
      address: 'Plot 12, Kabulonga Road, Lusaka',
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      registrationNotYetKnown: true,
      numberOfPlates: 1,
      paymentMethod: 'bank',
    },
  });
  expect(response.status()).toBe(201);
  const { reference, requestId } = (await response.json()) as { reference: string; requestId: string };
  await buyer.context().close();

  const requests = await PlateRequestsPage.open(browser);
  const { page } = requests;
  // The buyer's reference finds it, and the row shows it under the Request ID.
  await requests.search(reference);
  await expect(requests.table.getByRole('row')).toHaveCount(2);
  await expect(requests.row(requestId)).toContainText(reference);
  await expect(requests.row(requestId)).toContainText(fullName);
  // So does the applicant's email.
  await requests.search(email.toUpperCase());
  await expect(requests.table.getByRole('row')).toHaveCount(2);
  await expect(requests.row(requestId)).toBeVisible();
  await expect(requests.summary.getByText('Rejected', { exact: true })).toBeVisible();

  // The QR code carries a link to the order, and none of the applicant's details.
  await requests.qrButton(requestId).click();
  await expect(requests.qrCode(requestId)).toBeVisible();
  const link = (await requests.qrLink.textContent()) ?? '';
  expect(link).toMatch(new RegExp(`/dashboard/admin/requests\\?request=${requestId}$`));
  expect(link).not.toContain(run.toLowerCase());
  expect(link).not.toContain('260');

  // Opened by signed-in staff: the order's details.
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  const details = requests.details(requestId);
  await expect(details).toBeVisible();
  await expect(details).toContainText(reference);
  await expect(details).toContainText(fullName);
  await page.context().close();

  // Opened by someone signed out: asked to sign in, and nothing about the applicant.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(url.pathname + url.search);
  await expect(stranger).toHaveURL(/\/auth\?redirect=/);
  const auth = await AuthPage.shown(stranger);
  await expect(auth.loginButton).toBeVisible();
  await expect(stranger.getByText(fullName)).toHaveCount(0);
  await expect(stranger.getByText(email)).toHaveCount(0);
  // Staff who sign in there are taken on to the order.
  await auth.logIn('admin@nambala.zm', 'Admin#2026');
  await expect(new PlateRequestsPage(stranger).details(requestId)).toContainText(reference);
  await stranger.context().close();
});

test('the administrator finds a marketplace order by its PO- reference or its plate, with its buyer, owner and payment', async ({
  browser,
}) => {
  // A plate no other journey buys (free-plate.ts), bought by the demo buyer with MTN Mobile Money.
  const plate = ORDER_REFERENCE_PLATE;
  const buyer = await (await browser.newContext()).newPage();
  await signInAs(buyer, 'buyer');
  const listings = (await (await buyer.request.get('/api/listings')).json()) as {
    listings: Array<{ id: string; number: string }>;
  };
  const listing = listings.listings.find((candidate) => candidate.number === plate);
  if (!listing) throw new Error(`${plate} is not for sale`);
  const started = await buyer.request.post(`/api/listings/${listing.id}/buy`, {
    data: {
      idempotencyKey: randomUUID(),
      method: 'mtn',
      phone: '0961234567',
      ownerName: 'Chanda Mulenga',
      ownerNrc: '345612/10/1',
      vehicleNotYetKnown: true,
    },
  });
  expect(started.status()).toBe(201);
  const payment = ((await started.json()) as { payment: { id: string; reference: string } }).payment;
  const approved = await buyer.request.post(`/api/payments/${payment.id}/sandbox-prompt`, {
    data: { answer: 'approve' },
  });
  expect(approved.status()).toBe(200);
  const purchases = (await (await buyer.request.get('/api/purchases')).json()) as {
    orders: Array<{ id: string; plateNumber: string }>;
  };
  const order = purchases.orders.find((candidate) => candidate.plateNumber === plate);
  expect(order?.id).toMatch(/^PO-\d{6}$/);
  await buyer.context().close();

  const requests = await PlateRequestsPage.open(browser);
  await requests.search(order?.id ?? '');
  const found = requests.marketplaceOrder(order?.id ?? '');
  await expect(found).toContainText(plate);
  await expect(found).toContainText('Registered to Chanda Mulenga (NRC 345612/10/1)');
  await expect(found).toContainText(`${payment.reference}: Paid`);
  // The plate number, however it is typed, finds it too; a search for something else does not.
  await requests.search('zm321mng');
  await expect(requests.marketplaceOrder(order?.id ?? '')).toBeVisible();
  await requests.search('ZM-999-ZZZ');
  await expect(requests.marketplaceOrders).toHaveCount(0);
  await requests.page.context().close();
});

test('Add User sends an invitation, and the invited person chooses a password and signs in', async ({ browser }) => {
  const email = `invited-${Date.now()}@example.zm`;
  const users = await UsersPage.openAsAdmin(browser);
  const { page } = users;
  await users.addUserButton.click();
  const add = users.addDialog;
  // No password is asked for or shown.
  await expect(add.getByRole('textbox', { name: /Password/ })).toHaveCount(0);
  await expect(add.getByText(/invitation/)).toBeVisible();
  await users.fill(add, { name: 'Mutinta Hamoonga', email, type: 'Customer', status: 'Active' });
  await add.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('Mutinta Hamoonga was added and invited')).toBeVisible();

  // The invitation in the sandbox's Sent messages.
  await page.goto('/dashboard/admin/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Sent messages' })).toBeVisible();
  let link = '';
  // Asked again with Refresh until it is there: the page is read once, and the message is sent a
  // moment after the account is made. (A reload each time, counted before the list had arrived,
  // never saw it on a slow first load.)
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await expect(page.getByText(/^Showing \d+ of \d+ messages?$/)).toBeVisible();
  await expect
    .poll(
      async () => {
        await refresh.click();
        await expect(refresh).toBeEnabled();
        const sent = page.getByText(`Nambala account for you with this email (${email})`);
        if ((await sent.count()) === 0) return '';
        link =
          /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+&welcome=1/.exec(
            (await sent.first().textContent()) ?? '',
          )?.[0] ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  await page.context().close();

  const invited = await (await browser.newContext()).newPage();
  const choose = await PasswordResetPage.openLink(invited, link);
  await choose.waitUntilReady();
  await expect(choose.heading).toHaveText('Choose your password');
  await choose.choose('my-own-pass-7');
  await expect(invited).toHaveURL(/\/auth$/);
  const auth = new AuthPage(invited);
  await auth.logIn(email, 'my-own-pass-7');
  await expect(invited).toHaveURL(/\/dashboard$/);
  await invited.context().close();
});
