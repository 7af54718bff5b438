/**
 * A registered plate changing hands and being renewed, as its owners see it: the owner
 * invites someone with no account yet from My Plates & Orders (told only "Invitation sent"),
 * they sign up, follow the invitation's link and accept in their dashboard, the police verdict names the new owner and the old QR code reads as replaced;
 * and, on a server whose clock is moved on, an expired plate verifies as Expired until its
 * owner pays the renewal, after which it is Valid with the new expiry.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { openApp } from './app-page';
import { receiptOf } from './card-page';
import { approvedPlate, credentialDigitsOf, madeAndSold, signedInPage } from './lifecycle-steps';
import { MyPlatesPage } from './my-plates-page';
import { OwnerOverviewPage } from './owner-dashboard-page';
import { ownServer } from './own-server';
import { PolicePage } from './police-page';
import { signUpThroughApi } from './signup-steps';
import { VerificationPage } from './verification-page';

async function verdictOnPage(page: Page, plate: string): Promise<VerificationPage> {
  const verification = await VerificationPage.open(page, '/verification');
  await verification.check(plate);
  await expect(verification.result).toContainText(plate);
  return verification;
}

test('an owner transfers a registered plate; the recipient accepts; the police see the new owner and the old QR code reads as replaced', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signedInPage(browser, 'buyer');
  const admin = await signedInPage(browser, 'admin');
  const shop = await signedInPage(browser, 'agent');
  const { plate, reference } = await approvedPlate(owner.request, admin.request);
  await madeAndSold(shop.request, plate, reference);
  const oldDigits = await credentialDigitsOf(owner.request, plate);

  // The owner invites someone with no account yet, from My Plates & Orders: the answer is the same either way.
  const email = `new-owner-${randomUUID().slice(0, 8)}@example.zm`;
  const ownerPlates = await MyPlatesPage.open(owner, '/dashboard/user/plates');
  await ownerPlates.transferButton(plate).click({ timeout: 30_000 });
  const dialog = ownerPlates.transferDialog(plate);
  await ownerPlates.startTransfer(plate, email);
  await expect(dialog).toContainText(`Invitation sent to ${email}. Whoever uses it can accept plate ${plate}`);
  await owner.keyboard.press('Escape');

  // The invitation, as the sandbox outbox holds it; the recipient signs up and follows its link.
  let link = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await admin.request.get('/api/admin/messages')).json()) as {
        messages: { to: string; body: string }[];
      };
      link =
        /https?:\/\/[^\s]+\/dashboard\/user\/plates\?invitation=[\w-]+/.exec(
          messages.find((message) => message.to === email)?.body ?? '',
        )?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const recipient = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const signup = await signUpThroughApi(recipient.request, {
    name: 'Chanda Mulenga',
    email,
    password: 'NewOwner#2026',
    confirmPassword: 'NewOwner#2026',
    userType: 'individual',
  });
  expect(signup.status()).toBe(201);
  const recipientPlates = await MyPlatesPage.open(recipient, new URL(link).pathname + new URL(link).search);
  await expect(recipient.getByText(`Mwila Banda offers you plate ${plate}`, { exact: false }).first()).toBeVisible({
    timeout: 30_000,
  });

  // The recipient accepts in their dashboard, with their name and NRC as on their ID.
  await expect(recipientPlates.pendingTransfers).toContainText(plate, { timeout: 30_000 });
  const accept = await recipientPlates.acceptTransfer(plate, { name: 'Chanda Mulenga', nrc: '234567/89/1' });
  await expect(accept).toBeHidden({ timeout: 15_000 });
  await recipient.reload();
  await expect(recipientPlates.row(plate)).toContainText('Registered', { timeout: 30_000 });

  // The police verdict names the new owner.
  const officer = await signedInPage(browser, 'police');
  const { verification: roadside } = await PolicePage.open(officer, '/dashboard/police');
  await roadside.check(plate);
  await expect(roadside.result).toHaveAttribute('data-verdict', 'Valid');
  await expect(roadside.ownerName).toHaveText('Chanda Mulenga');

  // The old QR code reads as replaced; the new owner's reads Valid.
  const visitor = await (await browser.newContext()).newPage();
  const scanned = await VerificationPage.open(visitor, `/v#${oldDigits}`);
  await expect(scanned.result).toHaveAttribute('data-verdict', 'Revoked', {
    timeout: 15_000,
  });
  await expect(scanned.result).toContainText(/replaced by a newer one/);
  const newDigits = await credentialDigitsOf(recipient.request, plate);
  await openApp(visitor, `/v#${newDigits}`);
  await expect(scanned.result).toHaveAttribute('data-verdict', 'Valid', {
    timeout: 15_000,
  });

  // The plate has left the first owner's dashboard.
  await owner.reload();
  await expect(ownerPlates.row(plate)).toHaveCount(0, { timeout: 30_000 });
});

test.describe('renewal with the clock moved on', () => {
  // A server of its own: moving the clock must not disturb the journeys running beside this one.
  const server = ownServer(7, { TEST_CLOCK: 'true' });
  const baseURL = server.baseURL;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    await server.start();
  });
  test.afterAll(() => server.stop());

  test('an expired plate verifies as Expired until its owner pays the renewal; then it is Valid for five more years', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await signedInPage(browser, 'buyer', { baseURL });
    const admin = await signedInPage(browser, 'admin', { baseURL });
    // The demo owner's plate whose registration ends within 90 days.
    const plates = (
      (await (await owner.request.get('/api/me/plates')).json()) as {
        plates: Array<{ plateNumber: string; registration: { expiryDate: string } | null }>;
      }
    ).plates;
    const soon = plates
      .filter((candidate) => candidate.registration)
      .sort((a, b) => (a.registration?.expiryDate ?? '').localeCompare(b.registration?.expiryDate ?? ''))[0];
    if (!soon?.registration) throw new Error('the demo owner has no registered plate');
    const expiry = soon.registration.expiryDate;

    // Move the server's clock past the expiry. The verdicts and the renewal's figures are the
    // server's; the browser keeps real time, in which the plate is still due within 90 days.
    const offsetDays = Math.ceil((Date.parse(`${expiry}T00:00:00Z`) - Date.now()) / 86_400_000) + 10;
    const moved = await admin.request.put('/api/test/clock', { data: { offsetDays } });
    expect(moved.status()).toBe(200);
    const movedNow = new Date(((await moved.json()) as { now: string }).now);

    const expired = await verdictOnPage(owner, soon.plateNumber);
    await expect(expired.result).toHaveAttribute('data-verdict', 'Expired');

    // The owner renews from the banner: the renewal fee by card.
    const overview = await OwnerOverviewPage.open(owner, '/dashboard');
    const banner = overview.renewalsBanner;
    await expect(banner).toContainText(soon.plateNumber, { timeout: 30_000 });
    await overview.renewLink(soon.plateNumber).click();
    const dialog = overview.renewDialog(soon.plateNumber);
    await expect(dialog).toContainText('Renewal fee');
    await expect(dialog).toContainText('Expired on');
    await overview.renewByCard(soon.plateNumber, '4242 4242 4242 4242');
    const receipt = receiptOf(owner);
    await expect(receipt).toContainText(`Renewal of plate ${soon.plateNumber} until`);
    await expect(receipt).toContainText('StatusPaid', { timeout: 15_000 });

    const renewed = await verdictOnPage(owner, soon.plateNumber);
    await expect(renewed.result).toHaveAttribute('data-verdict', 'Valid');
    const newExpiry = `${movedNow.getUTCFullYear() + 5}`;
    await expect(renewed.result).toContainText(newExpiry);
  });
});
