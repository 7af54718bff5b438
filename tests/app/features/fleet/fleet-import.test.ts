import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importSummary } from '../../../../src/app/features/fleet/fleet-api';
import { NambalaDatabase } from '../../../../src/app/store/database';
import { mutate } from '../../../../src/app/store/mutate';
import { putConfirmedRows } from '../../../../src/app/store/put-confirmed';

const vehicle = (id: string, colour = 'White') => ({
  id,
  ownerId: 'owner-1',
  make: 'Toyota',
  model: 'Hilux',
  year: 2019,
  colour,
  chassisNumber: '',
  plateNumber: null,
  driverId: null,
  createdAt: '2026-12-06T10:00:00.000Z',
  updatedAt: '2026-12-06T10:00:00.000Z',
});

describe('a fleet import as the owner sees it', () => {
  it('ends with what it did', () => {
    expect(importSummary({ added: 412, updated: 3, unchanged: 0, skipped: [] })).toBe('412 vehicles added, 3 updated');
    expect(importSummary({ added: 0, updated: 0, unchanged: 415, skipped: [] })).toBe(
      '0 vehicles added, 0 updated, 415 unchanged',
    );
    expect(importSummary({ added: 1, updated: 0, unchanged: 0, skipped: ['Row 3: Make is required.'] })).toBe(
      '1 vehicle added, 0 updated, 1 row left out',
    );
  });

  describe("the vehicles in the server's answer", () => {
    let database: NambalaDatabase;
    beforeEach(() => {
      database = new NambalaDatabase(`test-${crypto.randomUUID()}`);
    });
    afterEach(async () => {
      await database.delete();
    });

    it("are in the device's store at once, before any sync (the table showed them only after a reload)", async () => {
      expect(await putConfirmedRows(database, 'vehicles', [vehicle('v1'), vehicle('v2')])).toBe(2);
      expect(await database.vehicles.toArray()).toMatchObject([
        { id: 'v1', syncState: 'synced' },
        { id: 'v2', syncState: 'synced' },
      ]);
    });

    it("leave a vehicle with this device's change still waiting as the device has it", async () => {
      await mutate(database, {
        intent: 'saveVehicle',
        table: 'vehicles',
        row: vehicle('v1', 'Blue'),
        payload: {},
      });
      expect(await putConfirmedRows(database, 'vehicles', [vehicle('v1', 'White'), vehicle('v2')])).toBe(1);
      expect(await database.vehicles.get('v1')).toMatchObject({ colour: 'Blue', syncState: 'pending' });
    });
  });
});
