/**
 * The administrator's Plate Requests on the server's data: finding requests, approving one
 * (after a confirmation; and undoing an approval) so that the plate-maker's shop gets the order, the QR dialog and its print, a bulk
 * rejection that notifies the applicants, refusals once manufacturing has started, a bank
 * transfer marked received, and the offline state. Every test works on requests of its own
 * (seeded ones no other test touches, or applications it submits itself), so they run in
 * parallel against one server.
 */
import { randomUUID } from 'node:crypto';
import { type Browser, expect, test } from '@playwright/test';
import { signInAs } from './app-page';
import { payOnCardPageByRequest } from './card-page';
import { DashboardPage } from './dashboard-page';
import { expectShopOrders, PlateRequestsPage } from './plate-requests-page';
import { withServiceWorker } from './service-worker';

const MANUFACTURING_STARTED = 'Manufacturing of this request has started; it can no longer be approved or rejected.';
const NOT_PAID = 'This request has not been paid yet. Approve it once its payment has been received.';

/** Submits an application as the demo buyer, paid at once by card (or left waiting for a bank transfer). */
async function submitApplication(
  browser: Browser,
  fullName: string,
  method: 'card' | 'bank' = 'card',
): Promise<{ reference: string; requestId: string; paymentReference: string }> {
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
      paymentMethod: method,
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as {
    reference: string;
    requestId: string;
    payment: { status: string; reference: string; checkoutUrl: string | null };
  };
  expect(body.payment.status).toBe('pending');
  // A card is paid on the card provider's page, as the applicant's browser would.
  if (method === 'card')
    expect(
      (await payOnCardPageByRequest(buyer.request, body.payment.checkoutUrl ?? '', '4242 4242 4242 4242')).status,
    ).toBe('approved');
  await buyer.context().close();
  return { reference: body.reference, requestId: body.requestId, paymentReference: body.payment.reference };
}

// Each journey signs in two or three people; under parallel load that takes longer than the default.
test.describe.configure({ timeout: 60_000 });

// Letters only: an applicant's name may not carry digits.
const runId = () => Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

withServiceWorker(() => {
  test('search by applicant, id or vehicle, the status filter, the empty state and the selection', async ({
    browser,
  }) => {
    const requests = await PlateRequestsPage.open(browser);
    const { page } = requests;
    for (const label of ['Total Requests', 'Pending', 'Approved', 'Under Review'])
      await expect(requests.summary.getByText(label, { exact: true })).toBeVisible();
    await expect(requests.searchBox).toHaveAttribute('placeholder', 'Search requests...');
    await expect(requests.statusOptions.first()).toHaveText('All Status');
    await expect(requests.bulkApprove).toBeDisabled();
    await expect(requests.bulkReject).toBeDisabled();
    for (const header of ['Request ID', 'Applicant', 'Vehicle', 'Quantity', 'Date', 'Status', 'Actions'])
      await expect(requests.table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();

    await requests.search('lusaka freight');
    await expect(requests.row('REQ-004')).toContainText('3 plates');
    await expect(requests.row('REQ-004')).toContainText('Under Review');
    await expect(requests.row('REQ-005')).toHaveCount(0);
    await requests.search('REQ-003');
    await expect(requests.row('REQ-003')).toContainText('Chileshe Mwansa');
    await expect(requests.table.getByRole('row')).toHaveCount(2);
    await requests.search('Mazda');
    await expect(requests.row('REQ-005')).toContainText('Bupe Tembo');
    await expect(requests.row('REQ-005')).toContainText('2 plates');

    await requests.search('');
    await requests.filter('Rejected');
    await expect(requests.row('REQ-001')).toContainText('Kondwani Phiri');
    await expect(requests.row('REQ-004')).toHaveCount(0);
    await requests.filter('Under Review');
    await expect(requests.row('REQ-004')).toBeVisible();
    await requests.search('Kondwani');
    await expect(page.getByText('No requests found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
    await expect(page.getByText(/^Showing 0 of \d+ requests$/)).toBeVisible();

    // Select-all ticks what is shown; the bulk buttons wake up.
    await requests.search('');
    await requests.filter('All Status');
    await requests.tick('Select all requests');
    const total = await requests.table.getByRole('row').count();
    await expect(page.getByText(`${total - 1} selected`)).toBeVisible();
    await expect(requests.bulkApprove).toBeEnabled();
    await expect(requests.bulkReject).toBeEnabled();
    await requests.tick('Select all requests', false);
    await expect(page.getByText('0 selected')).toBeVisible();
    await expect(requests.rowButton('REQ-003', 'Approve')).toBeDisabled();
    await expect(requests.rowButton('REQ-001', 'Reject')).toBeDisabled();

    // Offline: the list read this session stays, decisions say they need a connection.
    await page.context().setOffline(true);
    await expect(page.getByText('Decisions need a connection.')).toBeVisible();
    await expect(requests.row('REQ-006')).toBeVisible();
    await expect(requests.rowButton('REQ-006', 'Approve')).toBeDisabled();
    await expect(requests.rowButton('REQ-006', 'Reject')).toBeDisabled();
    await requests.tick('Select REQ-006');
    await expect(requests.bulkApprove).toBeDisabled();
    await requests.rowButton('REQ-006', 'View details of').click();
    await expect(requests.details('REQ-006')).toContainText('Natasha Zulu');
    await page.context().setOffline(false);
  });
});

test('approving a paid request allocates its plates and the plate-maker’s shop sees the order', async ({ browser }) => {
  const requests = await PlateRequestsPage.open(browser);
  const plates = await requests.approve('REQ-005', 'Bupe Tembo', 2);

  await requests.rowButton('REQ-005', 'View details of').click();
  const details = requests.details('REQ-005');
  for (const text of [
    'Bupe Tembo',
    'Mazda CX-5 (red)',
    '2 plates',
    'Personalized',
    'Front and rear with the reflective finish',
    '7 Buteko Avenue, Ndola',
    '+260974567890',
    'bupe.tembo@example.zm',
    'LP-',
    'Paid',
    'Cairo Road Plates',
    ...plates,
  ])
    await expect(details).toContainText(text);
  await details.getByRole('button', { name: 'Close' }).first().click();

  // The shop assigned is the seeded plate maker's: its device pulls the orders.
  await expectShopOrders(browser, plates, 'Bupe Tembo');
});

test('the QR dialog shows the order summary and prints only its card', async ({ browser }) => {
  const requests = await PlateRequestsPage.open(browser);
  const { page } = requests;
  await requests.printQr('REQ-003', ['Chileshe Mwansa', 'Honda Fit (silver)', '1 plate', 'Standard', 'Approved']);
  // On paper: the QR card alone, without the page, the dialog's frame or its buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(requests.qrCode('REQ-003')).toBeVisible();
  await expect(
    page.getByText('Scan this QR code to view order details, quantity, and tracking information'),
  ).toBeVisible();
  await expect(requests.table).toBeHidden();
  await expect(requests.heading).toBeHidden();
  await expect(requests.printQrButton).toBeHidden();
});

test('a bulk rejection with one reason notifies each applicant, and the selection clears', async ({ browser }) => {
  // Two applicants and an administrator, each signed in and synced: on a loaded 2-core runner it ran past 60 s.
  test.setTimeout(120_000);
  const run = runId();
  const first = await submitApplication(browser, `Reject Test ${run} One`);
  const second = await submitApplication(browser, `Reject Test ${run} Two`);
  const requests = await PlateRequestsPage.open(browser);
  const { page } = requests;
  await requests.search(`Reject Test ${run}`);
  await expect(requests.table.getByRole('row')).toHaveCount(3);
  await requests.tick('Select all requests');
  await requests.bulkReject.click();
  const dialog = requests.rejectDialog('Reject 2 Requests');
  await dialog.getByRole('button', { name: 'Reject 2 Requests' }).click();
  await expect(dialog.getByText('Please give a reason for the rejection')).toBeVisible();
  const reason = `The NRC card photo is unreadable (${run}).`;
  await requests.rejectWith(reason, 'Reject 2 Requests');
  await expect(dialog).toBeHidden();
  await expect(requests.report).toContainText('2 requests rejected');
  for (const { requestId } of [first, second]) {
    await expect(requests.report).toContainText(`${requestId} (Reject Test ${run}`);
    await expect(requests.row(requestId)).toContainText('Rejected');
  }
  await expect(page.getByText('0 selected')).toBeVisible();
  await expect(requests.bulkReject).toBeDisabled();

  // The applicant (the demo buyer submitted both) finds both in the header's bell.
  const buyer = await (await browser.newContext()).newPage();
  await signInAs(buyer, 'buyer');
  // The applicants are told once the rejection can no longer be undone (seconds on the test server).
  const told = async () => JSON.stringify(await (await buyer.request.get('/api/notifications')).json());
  await expect
    .poll(
      async () => {
        const notes = await told();
        return [first, second].every(({ reference, requestId }) =>
          notes.includes(`Application ${reference} / ${requestId} rejected`),
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const dashboard = await DashboardPage.open(buyer, '/dashboard');
  await expect(dashboard.notificationsButton(/\d+ unread/)).toBeVisible({ timeout: 20_000 });
  await dashboard.notificationsButton().click();
  const drawer = dashboard.notifications;
  for (const { reference } of [first, second]) {
    const item = drawer
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`Application ${reference} / REQ-\\d+ rejected`) });
    await expect(item).toContainText(`Reason: ${reason}`);
    await expect(item).toContainText('will be refunded');
  }
});

test('approve and reject are refused in the server’s words once manufacturing has started, and the others still go through', async ({
  browser,
}) => {
  // REQ-002's plate ZM-101-ABC is being made by the demo shop (seeded manufacturing record).
  const requests = await PlateRequestsPage.open(browser);
  const { page } = requests;
  await requests.rowButton('REQ-002', 'View details of').click();
  await expect(requests.details('REQ-002')).toContainText(MANUFACTURING_STARTED);
  await page.keyboard.press('Escape');

  await requests.tick('Select REQ-002');
  await requests.tick('Select REQ-004');
  await requests.tick('Select REQ-006');
  await requests.bulkApprove.click();
  await requests.confirmApproval();
  await expect(requests.report).toContainText('1 of 3 requests approved; 2 refused');
  await expect(requests.report).toContainText(`REQ-002 (Mwila Banda) was not approved: ${MANUFACTURING_STARTED}`);
  await expect(requests.report).toContainText(`REQ-004 (Lusaka Freight Ltd) was not approved: ${NOT_PAID}`);
  await expect(requests.report).toContainText('REQ-006 (Natasha Zulu) approved: ZM-');
  await expect(requests.row('REQ-006')).toContainText('Approved');
  await expect(requests.row('REQ-002')).toContainText('Approved');
  await expect(page.getByText('0 selected')).toBeVisible();

  await requests.rowButton('REQ-002', 'Reject').click();
  await requests.rejectWith('Changed my mind', 'Reject Request');
  await expect(requests.report).toContainText('The request was not rejected');
  await expect(requests.report).toContainText(`REQ-002 (Mwila Banda) was not rejected: ${MANUFACTURING_STARTED}`);
  await expect(requests.row('REQ-002')).toContainText('Approved');
});

test('a bank transfer marked received lets its application be approved', async ({ browser }) => {
  const run = runId();
  const application = await submitApplication(browser, `Bank Test ${run}`, 'bank');
  const requests = await PlateRequestsPage.open(browser);
  await requests.search(`Bank Test ${run}`);
  await requests.rowButton(application.requestId, 'Approve').click();
  await requests.confirmApproval();
  await expect(requests.report).toContainText(NOT_PAID);

  const transfer = requests.transfer(application.paymentReference);
  await expect(transfer).toContainText(`Bank Test ${run}`);
  await transfer.getByRole('button', { name: `Mark ${application.paymentReference} received` }).click();
  const confirm = requests.markReceivedDialog;
  await expect(confirm).toContainText(application.paymentReference);
  await confirm.getByRole('button', { name: 'Mark Received' }).click();
  await expect(confirm).toBeHidden();
  await expect(transfer).toHaveCount(0);

  await requests.rowButton(application.requestId, 'Approve').click();
  await requests.confirmApproval();
  await expect(requests.report).toContainText(`${application.requestId} (Bank Test ${run}) approved: ZM-`);
});

test('approve asks first, naming the request, and Undo puts it back as it was, the applicant never told', async ({
  browser,
}) => {
  const run = runId();
  const application = await submitApplication(browser, `Undo Test ${run}`);
  const requests = await PlateRequestsPage.open(browser);
  await requests.search(`Undo Test ${run}`);
  await expect(requests.row(application.requestId)).toContainText('Pending');
  await requests.rowButton(application.requestId, 'Approve').click();
  const dialog = requests.approveDialog;
  await expect(dialog).toContainText(`${application.reference} / ${application.requestId}`);
  await expect(dialog).toContainText(`Undo Test ${run}`);
  await expect(dialog).toContainText('Plate number: allocated on approval');
  await requests.confirmApproval();
  await expect(requests.row(application.requestId)).toContainText('Approved');

  // The test server allows a few seconds (DECISION_UNDO_SECONDS); the real window is two minutes.
  await requests.undoButton.click();
  await expect(requests.report).toContainText('Approval undone');
  await expect(requests.report).toContainText(
    `${application.reference} / ${application.requestId} (Undo Test ${run}) is back to Pending; the applicant was not told.`,
  );
  await expect(requests.row(application.requestId)).toContainText('Pending');
  await expect(requests.rowButton(application.requestId, 'Approve')).toBeEnabled();
  await expect(requests.undoButton).toHaveCount(0);
});
