import 'fake-indexeddb/auto';
import { vehicleInputSchema, driverInputSchema } from '#domain/fleet/fleet-input';
import { DEFAULT_FLEET_QUERY, fleetPage } from '#domain/fleet/fleet-list';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  removeDriverMutation,
  removeVehicleMutation,
  saveDriverMutation,
  saveVehicleMutation,
} from '../../../../src/app/features/fleet/fleet-changes';
import { readFleet } from '../../../../src/app/features/fleet/fleet-query';
import { NambalaDatabase } from '../../../../src/app/store/database';
import { mutate } from '../../../../src/app/store/mutate';

const today = '2026-11-24';
const owner = 'USR-007';

describe('Vehicles & Fleet on the device', () => {
  let database: NambalaDatabase;
  beforeEach(() => {
    database = new NambalaDatabase(`test-${crypto.randomUUID()}`);
  });
  afterEach(() => database.delete());

  const addDriver = async (name: string) => {
    const input = driverInputSchema.parse({
      id: crypto.randomUUID(),
      name,
      licenceNumber: `ZM${Math.floor(Math.random() * 1e7)}`,
      phone: '0971234567',
    });
    await mutate(database, saveDriverMutation(input, owner, undefined));
    return input;
  };
  const addVehicle = async (overrides: Record<string, unknown> = {}) => {
    const input = vehicleInputSchema(today).parse({
      id: crypto.randomUUID(),
      make: 'Toyota',
      model: 'Hilux',
      year: '2019',
      colour: 'White',
      chassisNumber: '',
      plateNumber: '',
      driverId: '',
      ...overrides,
    });
    await mutate(database, saveVehicleMutation(input, owner, undefined));
    return input;
  };

  it('adds a vehicle and a driver offline: each row with its outbox entry, shown at once', async () => {
    const driver = await addDriver('Mutale Chanda');
    const vehicle = await addVehicle({ driverId: driver.id });
    const outbox = await database.outbox.toArray();
    expect(outbox.map((entry) => [entry.intent, entry.rowId, entry.status])).toEqual([
      ['saveDriver', driver.id, 'pending'],
      ['saveVehicle', vehicle.id, 'pending'],
    ]);
    const data = await readFleet(database, today, 'Mwila Banda');
    expect(data.rows).toHaveLength(1);
    expect(data.rows[0]).toMatchObject({
      ownerName: 'Mwila Banda',
      driver: { name: 'Mutale Chanda', phone: '+260971234567' },
      compliance: { status: 'Warning', reason: 'No plate on this vehicle' },
      vehicle: { syncState: 'pending', ownerId: owner },
    });
    expect(data.vehiclesOfDriver.get(driver.id)).toBe(1);
  });

  it('takes a removed vehicle off the list at once, and a removed driver off their vehicles', async () => {
    const driver = await addDriver('Mutale Chanda');
    await addVehicle({ driverId: driver.id });
    const gone = await addVehicle();
    const before = await readFleet(database, today, 'Mwila Banda');
    const goneRow = before.rows.find((row) => row.id === gone.id);
    const driverRow = before.drivers[0];
    if (!goneRow || !driverRow) throw new Error('rows missing');
    await mutate(database, removeVehicleMutation(goneRow.vehicle));
    await mutate(database, removeDriverMutation(driverRow));
    const after = await readFleet(database, today, 'Mwila Banda');
    expect(fleetPage(after.rows, DEFAULT_FLEET_QUERY).total).toBe(1);
    expect(after.rows[0]?.driver).toBeNull();
    expect(after.drivers).toEqual([]);
    expect((await database.outbox.toArray()).map((entry) => [entry.intent, entry.payload])).toEqual(
      expect.arrayContaining([
        ['removeVehicle', { id: gone.id }],
        ['removeDriver', { id: driver.id }],
      ]),
    );
  });

  it('shows a plate’s expiry, its registered owner and compliance from the owner’s plates', async () => {
    await database.ownedPlates.put({
      id: 'ZM-001-ABC',
      plateNumber: 'ZM-001-ABC',
      ownerId: owner,
      stage: 'Registered',
      source: 'marketplace',
      sourceRef: 'PO-000001',
      requestReference: null,
      orderId: null,
      shopName: null,
      collectionDate: null,
      manufacturingStatus: null,
      heldAt: '2026-01-01T00:00:00.000Z',
      madeAt: null,
      registeredAt: '2026-01-10T00:00:00.000Z',
      registration: {
        make: 'Toyota',
        model: 'Hilux',
        colour: 'White',
        year: 2019,
        chassisNumber: 'AHTFR22G906012345',
        ownerName: 'Lusaka Haulage Ltd',
        ownerNrc: '123456/78/9',
        registrationDate: '2026-01-10',
        expiryDate: '2026-12-10',
        standing: 'Valid',
        standingChangedAt: null,
        keyId: 1,
        credentialDigits: '123',
      },
    });
    await addVehicle({ plateNumber: 'ZM-001-ABC', chassisNumber: 'AHTFR22G906012345' });
    const [row] = (await readFleet(database, today, 'Mwila Banda')).rows;
    expect(row).toMatchObject({
      ownerName: 'Lusaka Haulage Ltd',
      expiryDate: '2026-12-10',
      compliance: { status: 'Warning', reason: 'Registration expires in 16 days' },
    });
  });
});
