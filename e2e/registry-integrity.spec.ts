/**
 * No insider can put a false fact into the registry, walked through by the people involved:
 * a buyer pays for a marketplace number giving their NRC; the shop's tablet, offline, picks
 * the order, makes the plate on two blanks named by serial (a blank not delivered to it is refused
 * on the device), is refused a wrong NRC on the device and takes the right one; after sync the
 * officer's verdict names the vehicle and the blanks' serials (online, and offline from the device's
 * copy) and the buyer has been told. Then the shop's sale of a
 * number it was never given reaches the administrator's Integrity Alerts, the administrator
 * suspends the shop, and its next record is refused with the reason.
 *
 * It suspends the demo shop, so it runs on its own after the other journeys (the
 * 'integrity' project in playwright.config.ts), and lifts the suspension at the end.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { entitlementNotFound } from '../src/domain/agent/workspace';
import { recordingSuspended, saleNrcMismatch } from '../src/domain/integrity/integrity-alert';
import { serialNotDelivered } from '../src/domain/serials/blank-serial';
import { AgentPage, CompliancePage, type Sale } from './agent-page';
import { expectSynced, signInAs, waitForRegistryCopy } from './app-page';
import { apiAs, buyListingByCard, deliveryForShop, today } from './lifecycle-steps';
import { PolicePage } from './police-page';
import { withServiceWorker } from './service-worker';

const SHOP = 'Cairo Road Plates';

withServiceWorker(() => {
  test('a number is registered only to the person who paid for it, and a shop that tries another is stopped by the administrator', async ({
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(240_000);

    // New orders go to the least busy shop that may record. Other shops the journeys before this
    // one approved are paused for its length, so the demo shop is the one given the order.
    const office = await apiAs(playwright.request, baseURL, 'admin');
    const shops = (
      (await (await office.get('/api/admin/users')).json()) as {
        users: Array<{ id: string; email: string; roles: string[]; recordingSuspended?: string | null }>;
      }
    ).users;
    const others = shops.filter(
      (user) => user.roles.includes('agent') && user.email !== 'agent@nambala.zm' && !user.recordingSuspended,
    );
    const setRecording = (shopId: string, suspended: boolean) =>
      office.post('/api/sync/push', {
        data: {
          clientId: `e2e-admin-${randomUUID()}`,
          mutations: [
            {
              id: randomUUID(),
              intent: 'setShopRecording',
              payload: suspended ? { shopId, suspended, reason: 'Paused for a test journey' } : { shopId, suspended },
            },
          ],
        },
      });
    for (const shop of others) await setRecording(shop.id, true);
    // The blanks this journey's plate is made on: a delivery of its own, which the tablet's first sync brings.
    const [frontSerial = '', rearSerial = ''] = await deliveryForShop(playwright.request, baseURL, 1);

    // The buyer pays for a listed number, naming the owner and their NRC.
    const buyer = await apiAs(playwright.request, baseURL, 'buyer');
    const listings = (
      (await (await buyer.get('/api/listings')).json()) as {
        listings: Array<{ id: string; number: string; status: string }>;
      }
    ).listings;
    const listing = listings.filter((candidate) => candidate.status === 'Available').at(-1);
    if (!listing) throw new Error('no listing left to buy');
    const plate = listing.number;
    await buyListingByCard(buyer, listing.id);

    // The shop's tablet holds the order once it has synced; then the network goes.
    // A tablet held landscape.
    const tablet = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const shop = await tablet.newPage();
    // Installed: the app's pages open offline from the service worker's copy.
    await shop.goto('/');
    await expect
      .poll(() => shop.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
      .toBe('activated');
    await signInAs(shop, 'agent');
    const agent = await AgentPage.open(shop, '/dashboard/agent/whitebook');
    const orderOption = agent.orderOption(plate);
    // A first sync after a full run's journeys carries every shop order and record so far: give it time.
    await expect(orderOption).toHaveCount(1, { timeout: 90_000 });
    await tablet.setOffline(true);

    // The plate is made, then sold against its order: the number and the owner fill in.
    await agent.sidebarLink('Manufacturing').click();
    // Each blank by the serial stamped on it: a blank of another shop's delivery is refused on the tablet, offline.
    await agent.submitManufacturing({
      plate,
      status: 'Collected',
      batch: `B-${randomUUID().slice(0, 5).toUpperCase()}`,
      productionDate: today(),
      frontBlank: 'ZB-9999999',
      rearBlank: rearSerial,
    });
    await expect(agent.says(serialNotDelivered(9_999_999), agent.manufacturingForm)).toBeVisible();
    await agent.submitManufacturing({ frontBlank: frontSerial.toLowerCase().replace('-', ' ') });
    await expect(agent.says('Manufacturing details submitted successfully!').last()).toBeVisible();

    await agent.sidebarLink('Whitebook Entry').click();
    const orderId = ((await orderOption.textContent()) ?? '').split(' · ')[0]?.trim() ?? '';
    expect(orderId).toMatch(/^ORD-\d+$/);
    await agent.orderChoice.selectOption(orderId);
    await expect(agent.saleField('plate')).toHaveValue(plate);
    await expect(agent.saleField('owner')).toHaveValue('Mwila Banda');
    await expect(agent.saleField('reference')).toHaveValue(orderId);
    const vehicle = (): Sale => ({
      make: 'Toyota',
      model: 'Hilux',
      colour: 'White',
      year: '2022',
      chassis: `AHT${String(Date.now()).padStart(14, '0')}`,
      registration: 'BAK 3399',
    });
    await agent.fillSale(vehicle());

    // A stranger's NRC is refused on the tablet, offline, and nothing is kept.
    await agent.submitSale({ nrc: '999999/99/9' });
    await expect(agent.says(saleNrcMismatch(orderId), agent.whitebookForm)).toBeVisible();
    await expect(agent.savedOnDevice).toHaveCount(0);

    // The buyer's own NRC is taken, and the sale waits on the tablet.
    await agent.submitSale({ nrc: '123456/78/9' });
    await expect(agent.savedOnDevice.first()).toBeVisible();
    await tablet.setOffline(false);
    await expect(agent.connectionStatus).toHaveAttribute('aria-label', /all changes synced/, {
      timeout: 30_000,
    });
    await expectSynced(agent.row(plate));

    // The officer's verdict names the registered vehicle and its owner; the buyer was told.
    const police = await apiAs(playwright.request, baseURL, 'police');
    const verdict = (await (await police.get(`/api/verification/${plate}`)).json()) as {
      verdict: string;
      vehicle: { make: string; model: string; colour: string };
      owner?: { name: string };
    };
    expect(verdict).toMatchObject({
      verdict: 'Valid',
      vehicle: { make: 'Toyota', model: 'Hilux', colour: 'White' },
      owner: { name: 'Mwila Banda' },
    });
    const notifications = (
      (await (await buyer.get('/api/notifications')).json()) as { notifications: Array<{ body: string }> }
    ).notifications;
    expect(notifications.map((notification) => notification.body)).toContainEqual(
      expect.stringContaining(`${plate} was registered to you at ${SHOP} with a White Toyota Hilux`),
    );

    // At the roadside the officer sees the blanks' serials, online and from the device's copy offline,
    // to compare with those stamped on the plates: a plate whose serial differs is a clone.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const officer = await phone.newPage();
    await signInAs(officer, 'police');
    const { verification } = await PolicePage.open(officer, '/dashboard/police');
    await waitForRegistryCopy(officer);
    const serialsShown = `front ${frontSerial}, rear ${rearSerial}`;
    await verification.check(plate);
    await expect(verification.result).toHaveAttribute('data-verdict', 'Valid');
    await expect(verification.blankSerials).toHaveText(serialsShown);
    await expect(verification.serialsHint).toContainText('Compare with the serial stamped on each plate');
    await phone.setOffline(true);
    await verification.check(plate);
    await expect(verification.result).toContainText('Checked against the registry copy on this device');
    await expect(verification.blankSerials).toHaveText(serialsShown);
    await phone.close();

    // The shop sells a number nobody gave it, against a made-up application: refused by the server.
    const invented = `ZM-${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}-QZ${String.fromCharCode(65 + Math.floor(Math.random() * 26))}`;
    await agent.submitSale({
      plate: invented,
      ...vehicle(),
      owner: 'John Doe',
      nrc: '999999/99/9',
      reference: 'LP-999999',
    });
    await expect(agent.says(entitlementNotFound('LP-999999'), agent.whitebookForm).first()).toBeVisible({
      timeout: 20_000,
    });

    // The administrator finds it among the Integrity Alerts and suspends the shop.
    const admin = await (await browser.newContext()).newPage();
    await signInAs(admin, 'admin');
    const compliance = await CompliancePage.open(admin, '/dashboard/admin/compliance');
    const alert = compliance.integrityAlert(invented);
    await expect(alert).toContainText('Sale of a number not given to the shop', { timeout: 30_000 });
    await expect(alert).toContainText(SHOP);
    await compliance.suspendButton(alert, SHOP).click();
    await compliance.confirmSuspension(SHOP).click();
    await expect(
      compliance.says('Please give the reason the shop is told', compliance.suspendDialog(SHOP)),
    ).toBeVisible();
    const reason = 'A sale of a number it was not given, under review';
    await compliance.suspendReason(SHOP).fill(reason);
    await compliance.confirmSuspension(SHOP).click();
    await expect(compliance.says(`${SHOP} is suspended`).first()).toBeVisible({ timeout: 20_000 });
    await expect(compliance.says('Shop suspended', alert)).toBeVisible();

    try {
      // The shop's next record is refused, saying why.
      await agent.sidebarLink('Inventory').click();
      await agent.addInventory({
        type: 'Plate Blanks',
        quantity: '20',
        batch: `BLK-${randomUUID().slice(0, 5).toUpperCase()}`,
        receivedDate: today(),
      });
      await expect(agent.says(recordingSuspended(reason), agent.inventoryForm)).toBeVisible({ timeout: 20_000 });

      // Reviewed, with what was found.
      await compliance.markReviewedButton(alert).click();
      await compliance.reviewFindings.fill('Shop called; number typed from a customer’s old plate.');
      await compliance.confirmReview.click();
      await expect(compliance.reviewedAlerts).toBeVisible({ timeout: 20_000 });
    } finally {
      // The demo shop records again for whatever runs next.
      const lift = await apiAs(playwright.request, baseURL, 'admin');
      const shopId = (
        (await (await lift.get('/api/admin/users')).json()) as { users: Array<{ id: string; email: string }> }
      ).users.find((user) => user.email === 'agent@nambala.zm')?.id;
      await lift.post('/api/sync/push', {
        data: {
          clientId: `e2e-admin-${randomUUID()}`,
          mutations: [{ id: randomUUID(), intent: 'setShopRecording', payload: { shopId, suspended: false } }],
        },
      });
      await lift.dispose();
      for (const shop of others) await setRecording(shop.id, false);
      await office.dispose();
    }
    await buyer.dispose();
    await police.dispose();
  });
});
