import { describe, expect, it } from 'vitest';
import { blanksRefusedOnDevice, nextBlanks, shopBlanksFrom } from '../../../src/app/inventory/blank-stock';
import type {
  LocalInventoryAllocation,
  LocalManufacturingRecord,
  LocalSpoiledBlank,
} from '../../../src/app/store/database';

const allocation = (
  id: string,
  first: number | null,
  last: number | null,
  shopId = 'shop-1',
): LocalInventoryAllocation => ({
  id,
  number: 1,
  shopId,
  shopName: 'Lusaka Plates',
  plateType: 'Standard',
  allocatedQuantity: 5,
  note: '',
  serialFirst: first,
  serialLast: last,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
});
const made = (
  plateNumber: string,
  frontSerial: string,
  rearSerial: string,
  agentId?: string,
): LocalManufacturingRecord => ({
  id: plateNumber,
  plateNumber,
  status: 'Printed',
  batchNumber: 'B-1',
  productionDate: '2026-11-20',
  notes: '',
  frontSerial,
  rearSerial,
  createdAt: '2026-11-20T08:00:00.000Z',
  ...(agentId ? { agentId } : {}),
});
const spoiled: LocalSpoiledBlank[] = [{ id: 's1', serial: 'ZB-0000103', reason: 'Bent', spoiledDate: '2026-11-21' }];

describe('the shop’s blanks on its tablet', () => {
  const blanks = shopBlanksFrom(
    [allocation('a1', 100, 109), allocation('a0', null, null)],
    [made('ZM-101-ABC', 'ZB-0000100', 'ZB-0000101'), made('ZM-102-KLM', '', '')],
    spoiled,
  );

  it('reads its deliveries’ ranges and the blanks on its plates and spoiled (a record made before serials names none)', () => {
    expect(blanks.ranges).toEqual([{ first: 100, last: 109, number: 1 }]);
    expect(blanks.uses.map((use) => `${use.serial} ${use.use}`)).toEqual(['100 front', '101 rear', '103 spoiled']);
  });

  it('suggests the next two blanks on the stack', () => {
    expect(nextBlanks(blanks)).toEqual(['ZB-0000104', 'ZB-0000105']);
  });

  it('refuses, before anything is kept, a blank not delivered to the shop and one on another plate or spoiled, naming the serial', () => {
    expect(
      blanksRefusedOnDevice(
        blanks,
        [
          { field: 'frontSerial', serial: 'ZB-0000200' },
          { field: 'rearSerial', serial: 'zb 101' },
        ],
        'ZM-103-TRK',
      ),
    ).toEqual({
      frontSerial: expect.stringContaining('ZB-0000200 was not delivered to this shop'),
      rearSerial: expect.stringContaining('ZB-0000101 is already the rear blank of ZM-101-ABC'),
    });
    expect(blanksRefusedOnDevice(blanks, [{ field: 'serial', serial: 'ZB-0000103' }])).toEqual({
      serial: expect.stringContaining('was recorded as spoiled (Bent)'),
    });
  });

  it('lets a plate name its own blanks again, and a fresh blank through', () => {
    expect(
      blanksRefusedOnDevice(
        blanks,
        [
          { field: 'frontSerial', serial: 'ZB-0000100' },
          { field: 'rearSerial', serial: 'ZB-0000101' },
        ],
        'ZM-101-ABC',
      ),
    ).toBeNull();
    expect(blanksRefusedOnDevice(blanks, [{ field: 'frontSerial', serial: 'ZB-0000104' }], 'ZM-103-TRK')).toBeNull();
  });

  it('leaves the decision to the server while the device holds no delivery with serials', () => {
    expect(
      blanksRefusedOnDevice(shopBlanksFrom([], [], []), [{ field: 'frontSerial', serial: 'ZB-0000200' }]),
    ).toBeNull();
  });

  it('takes one shop’s blanks from an administrator’s device', () => {
    const admin = shopBlanksFrom(
      [allocation('a1', 100, 109), allocation('a2', 200, 209, 'shop-2')],
      [
        made('ZM-101-ABC', 'ZB-0000100', 'ZB-0000101', 'shop-1'),
        made('ZM-201-XYZ', 'ZB-0000200', 'ZB-0000201', 'shop-2'),
      ],
      [],
      'shop-2',
    );
    expect(admin.ranges).toEqual([{ first: 200, last: 209, number: 1 }]);
    expect(admin.uses.map((use) => use.serial)).toEqual([200, 201]);
  });
});
