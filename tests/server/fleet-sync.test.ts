/**
 * Vehicles & Fleet through push and pull: an owner's vehicles and drivers reach only their
 * own devices, nobody else can see, change or assign them, and the rules of one plate per
 * vehicle and one chassis number per fleet hold. A plate registered by a whitebook sale
 * goes on the owner's vehicle.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '#domain/accounts/permissions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { plateLifecycle } from '../../src/server/lifecycle/plate-lifecycle';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb } from './test-app';

interface Change {
  entity: string;
  id: string;
  op: 'put' | 'delete';
  data: Record<string, unknown> | null;
}

describe('fleet sync', () => {
  let app: FastifyInstance;
  let db: Database;
  let userCount = 0;

  async function newUser(roles: Role[] = ['buyer']): Promise<{ id: string; cookie: string }> {
    userCount += 1;
    const user = await userRepository(db).create({
      email: `owner${userCount}@fleet.zm`,
      name: `Fleet Owner ${userCount}`,
      passwordHash: 'x',
      accountType: 'individual',
      userType: roles.includes('agent') ? 'AGENT' : 'Customer',
      status: 'Active',
      requestedRole: null,
      roles,
      ...(roles.includes('agent') ? { businessName: 'Kafue Road Plates', licenseNumber: 'PM-0099' } : {}),
    });
    const id = user?.id ?? '';
    const token = `fleet-${userCount}-${randomUUID()}`;
    await sessionRepository(db).create(token, id, new Date(Date.now() + 3600_000));
    return { id, cookie: `nambala_session=${token}` };
  }

  async function push(cookie: string, intent: string, payload: unknown, id: string = randomUUID()) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: { clientId: 'phone', mutations: [{ id, intent, payload }] },
    });
    expect(response.statusCode).toBe(200);
    return response.json().results[0] as {
      outcome: 'applied' | 'rejected';
      status?: number;
      message?: string;
      fields?: Record<string, string>;
      data?: Record<string, unknown>;
    };
  }

  async function pull(cookie: string, cursor?: string): Promise<{ changes: Change[]; cursor: string }> {
    const changes: Change[] = [];
    let next = cursor;
    for (let page = 0; page < 50; page += 1) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/sync/pull?limit=500${next ? `&cursor=${encodeURIComponent(next)}` : ''}`,
        headers: { cookie },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      changes.push(...body.changes);
      next = body.cursor;
      if (!body.hasMore) return { changes, cursor: next ?? '' };
    }
    throw new Error('pull never finished');
  }

  const fleetChanges = (changes: Change[]) =>
    changes.filter((change) => change.entity === 'vehicle' || change.entity === 'driver');

  let chassisCount = 0;
  /** A chassis number not used before in this run: a VIN with a counter in its last digits. */
  const freshChassis = () => `AHTFR22G9060${String((chassisCount += 1)).padStart(5, '0')}`;
  const vehicle = (overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    make: 'Toyota',
    model: 'Hilux',
    year: '2019',
    colour: 'White',
    chassisNumber: freshChassis(),
    plateNumber: '',
    driverId: '',
    ...overrides,
  });
  const driver = (overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    name: 'Mutale Chanda',
    licenceNumber: `ZM${String((chassisCount += 1)).padStart(7, '0')}`,
    phone: '0971234567',
    ...overrides,
  });

  /** A number held for `ownerId` (as a marketplace purchase would), not yet made or registered. */
  async function holdPlate(ownerId: string, plateNumber: string): Promise<void> {
    await db.transaction((tx) =>
      plateLifecycle(tx).hold(
        {
          plateNumber,
          ownerId,
          ownerName: 'Mwila Banda',
          ownerNrc: '123456/78/9',
          source: 'marketplace',
          sourceRef: 'PO-000001',
          agentId: null,
          orderId: null,
          at: new Date(),
        },
        { id: null },
      ),
    );
  }

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb());
  }, 60_000);
  afterAll(() => app.close());

  it('stores a vehicle and a driver once and puts them on the owner’s devices only', async () => {
    const owner = await newUser();
    const other = await newUser();
    const { cursor: otherCursor } = await pull(other.cookie);
    const mutationId = randomUUID();
    const newDriver = driver();
    expect((await push(owner.cookie, 'saveDriver', newDriver)).outcome).toBe('applied');
    const added = vehicle({ driverId: newDriver.id });
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await push(owner.cookie, 'saveVehicle', added, mutationId)).outcome).toBe('applied');

    const mine = fleetChanges((await pull(owner.cookie)).changes);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({
      entity: 'driver',
      id: newDriver.id,
      op: 'put',
      data: { ownerId: owner.id, name: 'Mutale Chanda', phone: '+260971234567' },
    });
    expect(mine[1]).toMatchObject({
      entity: 'vehicle',
      id: added.id,
      op: 'put',
      data: {
        ownerId: owner.id,
        make: 'Toyota',
        year: 2019,
        chassisNumber: added.chassisNumber,
        plateNumber: null,
        driverId: newDriver.id,
      },
    });
    expect(fleetChanges((await pull(other.cookie, otherCursor)).changes)).toEqual([]);
    const [audited] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'vehicle.add' AND target = $1",
      [added.id],
    );
    expect(audited?.n).toBe(1);
  });

  it('takes a vehicle with its year and chassis number left blank', async () => {
    const owner = await newUser();
    const added = vehicle({ year: '', chassisNumber: '  ' });
    expect((await push(owner.cookie, 'saveVehicle', added)).outcome).toBe('applied');
    const [change] = fleetChanges((await pull(owner.cookie)).changes);
    expect(change?.data).toMatchObject({ year: null, chassisNumber: '' });
    // Two vehicles with no chassis number are not the same vehicle.
    expect((await push(owner.cookie, 'saveVehicle', vehicle({ chassisNumber: '' }))).outcome).toBe('applied');
  });

  it('refuses a bad chassis number or licence with the field’s message', async () => {
    const owner = await newUser();
    const shortChassis = await push(owner.cookie, 'saveVehicle', vehicle({ chassisNumber: 'AB12' }));
    expect(shortChassis).toMatchObject({
      outcome: 'rejected',
      status: 400,
      fields: { chassisNumber: 'Chassis number must be a 17-character VIN, or a frame number of 5 to 14 characters' },
    });
    const vinWithO = await push(owner.cookie, 'saveVehicle', vehicle({ chassisNumber: 'AHTFR22G9O6012345' }));
    expect(vinWithO.fields?.chassisNumber).toBe('A 17-character chassis number (VIN) never contains I, O or Q');
    const badPhone = await push(owner.cookie, 'saveDriver', driver({ phone: '+27821234567' }));
    expect(badPhone).toMatchObject({
      outcome: 'rejected',
      status: 400,
      fields: { phone: 'Enter a Zambian phone number like +260 97 123 4567' },
    });
  });

  it('edits the owner’s own vehicle and keeps one vehicle per chassis number in a fleet', async () => {
    const owner = await newUser();
    const first = vehicle();
    expect((await push(owner.cookie, 'saveVehicle', first)).outcome).toBe('applied');
    expect((await push(owner.cookie, 'saveVehicle', { ...first, colour: 'Silver' })).outcome).toBe('applied');
    const again = await push(
      owner.cookie,
      'saveVehicle',
      vehicle({ chassisNumber: first.chassisNumber.toLowerCase() }),
    );
    expect(again).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: `A vehicle with chassis number ${first.chassisNumber} is already in your fleet.`,
    });
    expect(again.fields?.chassisNumber).toBe(again.message);
    // Another owner's fleet is theirs: the same chassis number there is no clash.
    const other = await newUser();
    expect((await push(other.cookie, 'saveVehicle', vehicle({ chassisNumber: first.chassisNumber }))).outcome).toBe(
      'applied',
    );
    const [row] = await db.query<{ colour: string; updated_at: Date; created_at: Date }>(
      'SELECT colour, created_at, updated_at FROM vehicles WHERE id = $1',
      [first.id],
    );
    expect(row?.colour).toBe('Silver');
  });

  it('never lets one owner change, remove or see another owner’s vehicle or driver', async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const theirs = vehicle();
    const theirDriver = driver();
    expect((await push(owner.cookie, 'saveVehicle', theirs)).outcome).toBe('applied');
    expect((await push(owner.cookie, 'saveDriver', theirDriver)).outcome).toBe('applied');
    const { cursor } = await pull(intruder.cookie);

    expect(await push(intruder.cookie, 'saveVehicle', { ...theirs, colour: 'Red' })).toMatchObject({
      outcome: 'rejected',
      status: 404,
      message: 'This vehicle is not in your fleet. It may have been removed on another device.',
    });
    expect(await push(intruder.cookie, 'removeVehicle', { id: theirs.id })).toMatchObject({
      outcome: 'rejected',
      status: 404,
    });
    expect(await push(intruder.cookie, 'saveDriver', { ...theirDriver, name: 'Someone Else' })).toMatchObject({
      outcome: 'rejected',
      status: 404,
    });
    expect(await push(intruder.cookie, 'removeDriver', { id: theirDriver.id })).toMatchObject({
      outcome: 'rejected',
      status: 404,
    });
    // Assigning someone else's driver to one's own vehicle is refused too.
    const assign = await push(intruder.cookie, 'saveVehicle', vehicle({ driverId: theirDriver.id }));
    expect(assign).toMatchObject({
      outcome: 'rejected',
      status: 404,
      fields: { driverId: 'This driver is not in your fleet. They may have been removed on another device.' },
    });

    const [stored] = await db.query<{ colour: string; owner_id: string }>(
      'SELECT colour, owner_id FROM vehicles WHERE id = $1',
      [theirs.id],
    );
    expect(stored).toEqual({ colour: 'White', owner_id: owner.id });
    expect((await db.query('SELECT 1 FROM drivers WHERE id = $1', [theirDriver.id])).length).toBe(1);
    expect(fleetChanges((await pull(intruder.cookie, cursor)).changes)).toEqual([]);
  });

  it('refuses a vehicle or driver change from someone signed out', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      payload: { clientId: 'x', mutations: [{ id: randomUUID(), intent: 'saveVehicle', payload: vehicle() }] },
    });
    expect(response.statusCode).toBe(401);
  });

  it('keeps one licence number per fleet', async () => {
    const owner = await newUser();
    const first = driver();
    expect((await push(owner.cookie, 'saveDriver', first)).outcome).toBe('applied');
    const copy = await push(owner.cookie, 'saveDriver', driver({ licenceNumber: first.licenceNumber }));
    expect(copy).toMatchObject({
      outcome: 'rejected',
      status: 409,
      fields: { licenceNumber: `A driver with licence number ${first.licenceNumber} is already in your fleet.` },
    });
  });

  it('removes a driver and takes them off every vehicle they drove, on every device', async () => {
    const owner = await newUser();
    const gone = driver();
    expect((await push(owner.cookie, 'saveDriver', gone)).outcome).toBe('applied');
    const cars = [vehicle({ driverId: gone.id }), vehicle({ driverId: gone.id })];
    for (const car of cars) expect((await push(owner.cookie, 'saveVehicle', car)).outcome).toBe('applied');
    const { cursor } = await pull(owner.cookie);
    expect(await push(owner.cookie, 'removeDriver', { id: gone.id })).toMatchObject({
      outcome: 'applied',
      data: { vehiclesUnassigned: 2 },
    });
    const changes = fleetChanges((await pull(owner.cookie, cursor)).changes);
    expect(
      changes.filter((change) => change.entity === 'vehicle').map((change) => [change.id, change.data?.driverId]),
    ).toEqual(cars.map((car) => [car.id, null]));
    expect(changes.at(-1)).toEqual({ entity: 'driver', id: gone.id, op: 'delete', data: null });
    // Removing it again (another device's copy of the change) leaves things as they are.
    expect((await push(owner.cookie, 'removeDriver', { id: gone.id })).outcome).toBe('applied');
  });

  it('removes a vehicle from the owner’s devices, once', async () => {
    const owner = await newUser();
    const car = vehicle();
    expect((await push(owner.cookie, 'saveVehicle', car)).outcome).toBe('applied');
    const { cursor } = await pull(owner.cookie);
    expect((await push(owner.cookie, 'removeVehicle', { id: car.id })).outcome).toBe('applied');
    expect((await push(owner.cookie, 'removeVehicle', { id: car.id })).outcome).toBe('applied');
    expect(fleetChanges((await pull(owner.cookie, cursor)).changes)).toEqual([
      { entity: 'vehicle', id: car.id, op: 'delete', data: null },
    ]);
  });

  it('puts only the owner’s own plates on their vehicles, each on one vehicle', async () => {
    const owner = await newUser();
    const other = await newUser();
    await holdPlate(owner.id, 'ZM-501-FLT');
    await holdPlate(other.id, 'ZM-502-FLT');
    const notMine = await push(owner.cookie, 'saveVehicle', vehicle({ plateNumber: 'ZM-502-FLT' }));
    expect(notMine).toMatchObject({
      outcome: 'rejected',
      status: 409,
      fields: { plateNumber: expect.stringContaining('Plate ZM-502-FLT is not one of your plates') },
    });
    const first = vehicle({ plateNumber: 'zm-501-flt' });
    expect((await push(owner.cookie, 'saveVehicle', first)).outcome).toBe('applied');
    const second = await push(owner.cookie, 'saveVehicle', vehicle({ plateNumber: 'ZM-501-FLT' }));
    expect(second).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: 'Plate ZM-501-FLT is already on your White Toyota Hilux (2019). Take it off that vehicle first.',
    });
    // Saving the vehicle that carries it is no clash.
    expect((await push(owner.cookie, 'saveVehicle', { ...first, colour: 'Blue' })).outcome).toBe('applied');
  });

  it('fits a plate registered by a whitebook sale to the owner’s vehicle with that chassis number', async () => {
    const owner = await newUser();
    const agent = await newUser(['agent']);
    await holdPlate(owner.id, 'ZM-601-FLT');
    await holdPlate(owner.id, 'ZM-602-FLT');
    const planned = vehicle({ plateNumber: 'ZM-601-FLT' });
    const registeredCar = vehicle({ make: 'Nissan', model: 'X-Trail', colour: 'Grey' });
    expect((await push(owner.cookie, 'saveVehicle', planned)).outcome).toBe('applied');
    expect((await push(owner.cookie, 'saveVehicle', registeredCar)).outcome).toBe('applied');
    const { cursor } = await pull(owner.cookie);
    const sale = (plateNumber: string, chassisNumber: string) => ({
      id: randomUUID(),
      plateNumber,
      vehicleMake: 'Nissan',
      vehicleModel: 'X-Trail',
      vehicleColour: 'Grey',
      vehicleYear: 2021,
      chassisNumber,
      ownerName: 'Fleet Owner',
      ownerNrc: '123456/78/9',
      saleDate: new Date().toISOString().slice(0, 10),
      registrationNumber: 'BAK 1234',
      entitlementReference: 'PO-000001',
    });

    // The plate planned for one vehicle is registered to another: it moves there.
    expect(
      (await push(agent.cookie, 'recordWhitebookEntry', sale('ZM-601-FLT', registeredCar.chassisNumber))).outcome,
    ).toBe('applied');
    const [onPlanned] = await db.query<{ plate_number: string | null }>(
      'SELECT plate_number FROM vehicles WHERE id = $1',
      [planned.id],
    );
    const [onRegistered] = await db.query<{ plate_number: string | null; year: number }>(
      'SELECT plate_number, year FROM vehicles WHERE id = $1',
      [registeredCar.id],
    );
    expect(onPlanned?.plate_number).toBeNull();
    expect(onRegistered).toEqual({ plate_number: 'ZM-601-FLT', year: 2019 });

    // A sale for a vehicle not in the fleet adds it, from the sale's details.
    const newChassis = freshChassis();
    expect((await push(agent.cookie, 'recordWhitebookEntry', sale('ZM-602-FLT', newChassis))).outcome).toBe('applied');
    const [made] = await db.query<{ id: string; make: string; year: number; colour: string; plate_number: string }>(
      'SELECT id, make, year, colour, plate_number FROM vehicles WHERE owner_id = $1 AND chassis_number = $2',
      [owner.id, newChassis],
    );
    expect(made).toMatchObject({ make: 'Nissan', year: 2021, colour: 'Grey', plate_number: 'ZM-602-FLT' });

    const vehicleChanges = fleetChanges((await pull(owner.cookie, cursor)).changes);
    expect(vehicleChanges.map((change) => [change.id, change.data?.plateNumber])).toEqual([
      [planned.id, null],
      [registeredCar.id, 'ZM-601-FLT'],
      [made?.id, 'ZM-602-FLT'],
    ]);
    // A registered plate stays on the vehicle its registration names.
    const otherChassis = await push(owner.cookie, 'saveVehicle', {
      ...registeredCar,
      plateNumber: 'ZM-601-FLT',
      chassisNumber: freshChassis(),
    });
    expect(otherChassis).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: `Plate ZM-601-FLT is registered to the vehicle with chassis number ${registeredCar.chassisNumber}. Enter that chassis number, or choose another plate.`,
    });
  });
});
