/**
 * Vehicles & Fleet on a phone with no signal: the owner adds a driver and a vehicle, they
 * survive a reload on the device, and once back online each reaches the server once.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { FleetPage } from './fleet-page';
import { signedInPage } from './lifecycle-steps';
import { withServiceWorker } from './service-worker';

/** Every `entity` change the signed-in owner pulls, latest version of each row. */
async function pulled(request: APIRequestContext, entity: string): Promise<Array<Record<string, unknown>>> {
  const rows = new Map<string, Record<string, unknown>>();
  let cursor = '';
  for (let page = 0; page < 50; page += 1) {
    const body = (await (
      await request.get(`/api/sync/pull?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    ).json()) as {
      changes: Array<{ entity: string; id: string; op: string; data: Record<string, unknown> | null }>;
      cursor: string;
      hasMore: boolean;
    };
    for (const change of body.changes) {
      if (change.entity !== entity) continue;
      if (change.op === 'delete' || !change.data) rows.delete(change.id);
      else rows.set(change.id, change.data);
    }
    cursor = body.cursor;
    if (!body.hasMore) break;
  }
  return [...rows.values()];
}

withServiceWorker(() => {
  test('an owner adds a driver and a vehicle with the network off; both survive a reload and reach the server once', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await signedInPage(browser, 'buyer', { viewport: { width: 360, height: 800 } });
    await owner.goto('/');
    await expect
      .poll(() => owner.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
      .toBe('activated');
    const fleet = await FleetPage.open(owner, '/dashboard/user/vehicles');
    await expect(owner.getByText(/Showing 1–\d+ of \d+ vehicles/)).toBeVisible({ timeout: 30_000 });
    const licence = `ZL${String(Date.now()).slice(-7)}`;
    const model = `D-Max ${licence.slice(-4)}`;

    await owner.context().setOffline(true);
    await fleet.addDriverButton.click();
    const driverDialog = fleet.driverDialog;
    await fleet.submitDriver.click();
    await expect(driverDialog.getByText('Driver name is required')).toBeVisible();
    await fleet.addDriver({ name: 'Mutale Chanda', licence, phone: '0977000111' });
    await expect(driverDialog).toBeHidden();
    await expect(fleet.entry('Mutale Chanda')).toContainText('Saved on this device');

    await fleet.addVehicleButton.click();
    const vehicleDialog = fleet.vehicleDialog;
    await fleet.addVehicle({ make: 'Isuzu', model, colour: 'White' });
    await expect(vehicleDialog).toBeHidden();
    await expect(fleet.entry(`Isuzu ${model}`).first()).toBeVisible();

    await owner.reload();
    await expect(fleet.entry(`Isuzu ${model}`).first()).toBeVisible({ timeout: 15_000 });
    await expect(fleet.entry('Mutale Chanda')).toBeVisible();

    await owner.context().setOffline(false);
    await expect(fleet.entry('Mutale Chanda')).not.toContainText('Saved on this device', { timeout: 30_000 });
    const drivers = (await pulled(owner.request, 'driver')).filter((driver) => driver.licenceNumber === licence);
    expect(drivers).toHaveLength(1);
    expect(drivers[0]).toMatchObject({ name: 'Mutale Chanda', phone: '+260977000111' });
    const vans = (await pulled(owner.request, 'vehicle')).filter(
      (vehicle) => vehicle.make === 'Isuzu' && vehicle.model === model,
    );
    expect(vans).toHaveLength(1);
  });
});
