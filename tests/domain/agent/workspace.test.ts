import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agentOverview,
  DATE_IN_FUTURE,
  INVENTORY_SUBMITTED,
  inventoryItemSchema,
  MANUFACTURING_SUBMITTED,
  manufacturingRecordSchema,
  NRC_PATTERN,
  WHITEBOOK_SUBMITTED,
  whitebookEntrySchema,
} from '#domain/agent/workspace';
import {
  normalisePlateNumber,
  parsePlateNumber,
  PLATE_NUMBER_BAD_CHARACTERS,
  PLATE_NUMBER_REQUIRED,
  PLATE_NUMBER_TOO_LONG,
} from '#domain/plates/plate-number';
import {
  AGENT_INVENTORY_ITEM_TYPES,
  AGENT_ORDER_STATUSES,
  type AgentInventoryItemType,
  type AgentOrderStatus,
  DEFAULT_MANUFACTURING_STATUS,
  MANUFACTURING_STATUSES,
} from '#domain/statuses/statuses';
import { validate } from '#domain/validation/validate';

const TODAY = '2026-03-31';
const UUID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const DAY_MS = 24 * 3600 * 1000;

/** The calendar day `daysAgo` days before TODAY (negative: after it), as YYYY-MM-DD. */
const dayBefore = (daysAgo: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) - daysAgo * DAY_MS).toISOString().slice(0, 10);

const whitebook = {
  id: UUID,
  plateNumber: 'ZM-101-ABC',
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  vehicleColour: 'White',
  vehicleYear: 2019,
  chassisNumber: 'JTDBR32E720123456',
  ownerName: 'Mwila Banda',
  ownerNrc: '123456/78/9',
  saleDate: '2026-03-30',
  registrationNumber: 'BAK 4521',
  entitlementReference: 'ORD-001',
};
const manufacturing = {
  id: UUID,
  plateNumber: 'ZM-101-ABC',
  status: 'Printed',
  batchNumber: 'B-2611-01',
  productionDate: '2026-03-29',
  notes: 'Reflective finish',
  frontSerial: 'ZB-0100001',
  rearSerial: 'ZB-0100002',
};
const inventory = {
  id: UUID,
  itemType: 'Plate Blanks',
  quantity: 200,
  batchNumber: 'BLK-2611',
  receivedDate: '2026-03-25',
  allocationId: null,
};

const errorsOf = (
  result: { ok: true } | { ok: false; errors: Partial<Record<string, string>> },
): Partial<Record<string, string>> => (result.ok ? {} : result.errors);

describe('messages', () => {
  it('are the spec’s success messages', () => {
    expect(WHITEBOOK_SUBMITTED).toBe('Whitebook entry submitted successfully!');
    expect(MANUFACTURING_SUBMITTED).toBe('Manufacturing details submitted successfully!');
    expect(INVENTORY_SUBMITTED).toBe('Inventory data submitted successfully!');
    expect(DATE_IN_FUTURE).toBe('The date cannot be in the future');
  });
});

describe('whitebookEntrySchema', () => {
  const schema = whitebookEntrySchema(TODAY);

  it('accepts a complete entry, trimming the text and normalising the plate number', () => {
    const result = validate(schema, {
      ...whitebook,
      plateNumber: '  zm-101-abc ',
      vehicleMake: ' Toyota ',
      ownerName: 'Mwila Banda  ',
    });
    expect(result).toEqual({ ok: true, value: whitebook });
  });

  it('names every missing field', () => {
    expect(validate(schema, {})).toEqual({
      ok: false,
      errors: {
        id: 'id must be a UUID',
        plateNumber: PLATE_NUMBER_REQUIRED,
        vehicleMake: 'Vehicle make is required',
        vehicleModel: 'Vehicle model is required',
        vehicleColour: 'Vehicle colour is required',
        vehicleYear: 'Vehicle year is required',
        chassisNumber: 'Chassis number is required',
        ownerName: 'Owner name is required',
        ownerNrc: 'Owner NRC number is required',
        saleDate: 'Sale date is required',
        registrationNumber: 'Registration number is required',
        entitlementReference: 'Entitlement document reference is required',
      },
    });
  });

  it('treats fields of only spaces as missing', () => {
    const blanks = {
      ...whitebook,
      plateNumber: '   ',
      vehicleMake: ' ',
      vehicleModel: '\t',
      vehicleColour: ' ',
      vehicleYear: ' ',
      chassisNumber: ' ',
      ownerName: '  ',
      ownerNrc: ' ',
      saleDate: ' ',
      registrationNumber: ' ',
      entitlementReference: ' ',
    };
    expect(errorsOf(validate(schema, blanks))).toEqual({
      plateNumber: PLATE_NUMBER_REQUIRED,
      vehicleMake: 'Vehicle make is required',
      vehicleModel: 'Vehicle model is required',
      vehicleColour: 'Vehicle colour is required',
      vehicleYear: 'Vehicle year is required',
      chassisNumber: 'Chassis number is required',
      ownerName: 'Owner name is required',
      ownerNrc: 'Owner NRC number is required',
      saleDate: 'Sale date is required',
      registrationNumber: 'Registration number is required',
      entitlementReference: 'Entitlement document reference is required',
    });
  });

  it('limits the length of each text field', () => {
    const long = (n: number) => 'x'.repeat(n);
    // Make and model are held to their places in the plate's credential (24 bytes each).
    expect(
      validate(schema, {
        ...whitebook,
        vehicleMake: long(24),
        vehicleModel: long(24),
        ownerName: long(100),
        registrationNumber: long(40),
        entitlementReference: long(60),
      }).ok,
    ).toBe(true);
    expect(
      errorsOf(
        validate(schema, {
          ...whitebook,
          vehicleMake: long(25),
          vehicleModel: long(25),
          ownerName: long(101),
          registrationNumber: long(41),
          entitlementReference: long(61),
        }),
      ),
    ).toEqual({
      vehicleMake: 'Vehicle make must be at most 24 characters (letters such as ë count as two)',
      vehicleModel: 'Vehicle model must be at most 24 characters (letters such as ë count as two)',
      ownerName: 'Owner name must be at most 100 characters',
      registrationNumber: 'Registration number must be at most 40 characters',
      entitlementReference: 'Entitlement document reference must be at most 60 characters',
    });
  });

  it('checks the plate number’s shape', () => {
    expect(errorsOf(validate(schema, { ...whitebook, plateNumber: 'ZM-101-ABCDE' }))).toEqual({
      plateNumber: PLATE_NUMBER_TOO_LONG,
    });
    expect(errorsOf(validate(schema, { ...whitebook, plateNumber: 'ZM*101' }))).toEqual({
      plateNumber: PLATE_NUMBER_BAD_CHARACTERS,
    });
  });

  it('accepts a sale today and refuses one tomorrow', () => {
    expect(validate(schema, { ...whitebook, saleDate: TODAY }).ok).toBe(true);
    expect(errorsOf(validate(schema, { ...whitebook, saleDate: '2026-04-01' }))).toEqual({ saleDate: DATE_IN_FUTURE });
  });

  it('refuses a sale date that is not a calendar date', () => {
    for (const saleDate of ['2026-02-30', '2026-13-01', '31/03/2026', '2026-3-1', 'yesterday']) {
      expect(errorsOf(validate(schema, { ...whitebook, saleDate }))).toEqual({ saleDate: 'Sale date must be a date' });
    }
  });

  it('refuses an id that is not a UUID', () => {
    expect(errorsOf(validate(schema, { ...whitebook, id: 'ORD-001' }))).toEqual({ id: 'id must be a UUID' });
  });

  it('stores the plate number as parsePlateNumber gives it, for any input', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'Z', '0', '7', '-', ' ', '\t', '*'), maxLength: 14 }),
        (raw) => {
          const result = validate(schema, { ...whitebook, plateNumber: raw });
          const parsed = parsePlateNumber(raw);
          if (parsed.ok) {
            expect(result.ok && result.value.plateNumber).toBe(parsed.value);
            expect(parsed.value).toBe(normalisePlateNumber(raw));
          } else {
            expect(errorsOf(result)).toEqual({ plateNumber: parsed.error });
          }
        },
      ),
    );
  });

  it('accepts every real date up to today and refuses every later one', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3650, max: 3650 }), (daysAgo) => {
        const saleDate = dayBefore(daysAgo);
        const result = validate(schema, { ...whitebook, saleDate });
        if (daysAgo >= 0) expect(result).toEqual({ ok: true, value: { ...whitebook, saleDate } });
        else expect(errorsOf(result)).toEqual({ saleDate: DATE_IN_FUTURE });
      }),
    );
  });
});

describe('manufacturingRecordSchema', () => {
  const schema = manufacturingRecordSchema(TODAY);

  it('accepts a complete record', () => {
    expect(validate(schema, { ...manufacturing, plateNumber: 'zm-101-abc' })).toEqual({
      ok: true,
      value: manufacturing,
    });
  });

  it('starts in production and with no notes when they are left out', () => {
    const { status: _status, notes: _notes, ...rest } = manufacturing;
    expect(validate(schema, rest)).toEqual({
      ok: true,
      value: { ...rest, status: DEFAULT_MANUFACTURING_STATUS, notes: '' },
    });
    expect(DEFAULT_MANUFACTURING_STATUS).toBe('In Production');
  });

  it('accepts each status and refuses any other', () => {
    for (const status of MANUFACTURING_STATUSES) expect(validate(schema, { ...manufacturing, status }).ok).toBe(true);
    expect(errorsOf(validate(schema, { ...manufacturing, status: 'Done' }))).toEqual({
      status: 'Please choose a status',
    });
    expect(errorsOf(validate(schema, { ...manufacturing, status: '' }))).toEqual({ status: 'Please choose a status' });
  });

  it('names the missing fields', () => {
    expect(validate(schema, {})).toEqual({
      ok: false,
      errors: {
        id: 'id must be a UUID',
        plateNumber: PLATE_NUMBER_REQUIRED,
        batchNumber: 'Batch number is required',
        productionDate: 'Production date is required',
        frontSerial: 'Front blank serial is required',
        rearSerial: 'Rear blank serial is required',
      },
    });
  });

  it('refuses a production date in the future or that is not a date', () => {
    expect(errorsOf(validate(schema, { ...manufacturing, productionDate: '2026-04-01' }))).toEqual({
      productionDate: DATE_IN_FUTURE,
    });
    expect(errorsOf(validate(schema, { ...manufacturing, productionDate: '2026-02-29' }))).toEqual({
      productionDate: 'Production date must be a date',
    });
  });

  it('trims notes and allows at most 1000 characters', () => {
    expect(validate(schema, { ...manufacturing, notes: '  ok  ' })).toEqual({
      ok: true,
      value: { ...manufacturing, notes: 'ok' },
    });
    expect(validate(schema, { ...manufacturing, notes: 'n'.repeat(1000) }).ok).toBe(true);
    expect(errorsOf(validate(schema, { ...manufacturing, notes: 'n'.repeat(1001) }))).toEqual({
      notes: 'Notes must be at most 1000 characters',
    });
    expect(errorsOf(validate(schema, { ...manufacturing, notes: 42 }))).toEqual({ notes: 'Notes must be text' });
  });

  it('limits the batch number to 40 characters', () => {
    expect(errorsOf(validate(schema, { ...manufacturing, batchNumber: 'b'.repeat(41) }))).toEqual({
      batchNumber: 'Batch number must be at most 40 characters',
    });
  });
});

describe('inventoryItemSchema', () => {
  const schema = inventoryItemSchema(TODAY);

  it('accepts a complete item of either type', () => {
    for (const itemType of AGENT_INVENTORY_ITEM_TYPES)
      expect(validate(schema, { ...inventory, itemType })).toEqual({ ok: true, value: { ...inventory, itemType } });
  });

  it('takes the quantity as typed into a form field', () => {
    expect(validate(schema, { ...inventory, quantity: '200' })).toEqual({ ok: true, value: inventory });
    expect(validate(schema, { ...inventory, quantity: ' 200 ' })).toEqual({ ok: true, value: inventory });
  });

  it('reads an empty or missing allocation as none, and takes an allocation only for plate blanks', () => {
    const { allocationId: _none, ...withoutAllocation } = inventory;
    expect(validate(schema, withoutAllocation)).toEqual({ ok: true, value: inventory });
    expect(validate(schema, { ...inventory, allocationId: '' })).toEqual({ ok: true, value: inventory });
    expect(errorsOf(validate(schema, { ...inventory, allocationId: 'ALC-1' }))).toEqual({
      allocationId: 'Please choose an allocation from the list',
    });
    expect(errorsOf(validate(schema, { ...inventory, itemType: 'Raw Materials', allocationId: UUID }))).toEqual({
      allocationId: 'Only plate blanks are received against an allocation',
    });
  });

  it('names the problem with a quantity', () => {
    const quantityError = (quantity: unknown) => errorsOf(validate(schema, { ...inventory, quantity })).quantity;
    expect(quantityError('')).toBe('Quantity is required');
    expect(quantityError('  ')).toBe('Quantity is required');
    expect(quantityError('0')).toBe('Quantity must be at least 1');
    expect(quantityError(-5)).toBe('Quantity must be at least 1');
    // As a form sends it: a negative number is a number, too small, not "not whole".
    expect(quantityError('-5')).toBe('Quantity must be at least 1');
    expect(quantityError(' -12 ')).toBe('Quantity must be at least 1');
    expect(quantityError('-0')).toBe('Quantity must be at least 1');
    expect(quantityError('-1.5')).toBe('Quantity must be a whole number');
    expect(quantityError('1.5')).toBe('Quantity must be a whole number');
    expect(quantityError('twelve')).toBe('Quantity must be a whole number');
    expect(quantityError(undefined)).toBe('Quantity is required');
    expect(quantityError(true)).toBe('Quantity must be a whole number');
    expect(quantityError('1e3')).toBe('Quantity must be a whole number');
    expect(quantityError(1_000_001)).toBe('Quantity must be at most 1,000,000');
    expect(quantityError(1)).toBeUndefined();
    expect(quantityError(1_000_000)).toBeUndefined();
  });

  it('tells any negative whole number typed into the form that it must be at least 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 0 }), (quantity) => {
        expect(errorsOf(validate(schema, { ...inventory, quantity: String(quantity) })).quantity).toBe(
          'Quantity must be at least 1',
        );
      }),
    );
  });

  it('accepts exactly the whole numbers from 1 to 1,000,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), (quantity, asText) => {
        expect(validate(schema, { ...inventory, quantity: asText ? String(quantity) : quantity })).toEqual({
          ok: true,
          value: { ...inventory, quantity },
        });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 0 }), (quantity) => {
        expect(errorsOf(validate(schema, { ...inventory, quantity }))).toEqual({
          quantity: 'Quantity must be at least 1',
        });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1_000_001, max: Number.MAX_SAFE_INTEGER }), (quantity) => {
        expect(errorsOf(validate(schema, { ...inventory, quantity }))).toEqual({
          quantity: 'Quantity must be at most 1,000,000',
        });
      }),
    );
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1_000_000, noNaN: true }).filter((value) => !Number.isInteger(value)),
        (quantity) => {
          expect(errorsOf(validate(schema, { ...inventory, quantity }))).toEqual({
            quantity: 'Quantity must be a whole number',
          });
        },
      ),
    );
  });

  it('asks for an item type from the list', () => {
    expect(errorsOf(validate(schema, { ...inventory, itemType: '' }))).toEqual({
      itemType: 'Please choose an item type',
    });
    expect(errorsOf(validate(schema, { ...inventory, itemType: 'Paint' }))).toEqual({
      itemType: 'Please choose an item type',
    });
  });

  it('names the missing fields', () => {
    expect(validate(schema, {})).toEqual({
      ok: false,
      errors: {
        id: 'id must be a UUID',
        itemType: 'Please choose an item type',
        quantity: 'Quantity is required',
        batchNumber: 'Batch number is required',
        receivedDate: 'Received date is required',
      },
    });
  });

  it('refuses a received date in the future', () => {
    expect(validate(schema, { ...inventory, receivedDate: TODAY }).ok).toBe(true);
    expect(errorsOf(validate(schema, { ...inventory, receivedDate: '2026-04-01' }))).toEqual({
      receivedDate: DATE_IN_FUTURE,
    });
  });
});

describe('NRC_PATTERN', () => {
  it('matches the 123456/78/9 format only', () => {
    expect(NRC_PATTERN.test('123456/78/9')).toBe(true);
    for (const nrc of ['12345/78/9', '123456/7/9', '123456/78/10', '123456-78-9', ' 123456/78/9'])
      expect(NRC_PATTERN.test(nrc)).toBe(false);
  });
});

describe('agentOverview', () => {
  const order = (status: AgentOrderStatus, daysAgo: number) => ({
    status,
    createdAt: `${dayBefore(daysAgo)}T14:30:00.000Z`,
  });
  const sale = (daysAgo: number) => ({ saleDate: dayBefore(daysAgo) });
  const item = (itemType: AgentInventoryItemType, quantity: number, daysAgo: number) => ({
    itemType,
    quantity,
    receivedDate: dayBefore(daysAgo),
  });

  it('is all zero with no records', () => {
    const zero = { value: 0, trend: 0 };
    expect(agentOverview([], [], [], TODAY)).toEqual({
      pendingOrders: zero,
      fulfilledOrders: zero,
      plateSales: zero,
      inventoryBlanks: zero,
    });
  });

  it('counts orders by status now, with the trend from when they were created', () => {
    const orders = [
      order('Pending', 0),
      order('Pending', 29),
      order('Pending', 30),
      order('Pending', 90),
      order('Fulfilled', 10),
      order('Fulfilled', 35),
      order('Fulfilled', 59),
      order('Fulfilled', 60),
    ];
    const overview = agentOverview(orders, [], [], TODAY);
    // Pending: two in the last 30 days, one in the 30 before, one older.
    expect(overview.pendingOrders).toEqual({ value: 4, trend: 1 });
    // Fulfilled: one recent, two in the 30 days before.
    expect(overview.fulfilledOrders).toEqual({ value: 4, trend: -1 });
  });

  it('counts every sale, comparing the last 30 days with the 30 before', () => {
    const entries = [sale(0), sale(1), sale(29), sale(30), sale(45), sale(400)];
    expect(agentOverview([], entries, [], TODAY).plateSales).toEqual({ value: 6, trend: 1 });
  });

  it('counts a date after today as recent', () => {
    expect(agentOverview([order('Pending', -2)], [sale(-1)], [], TODAY)).toMatchObject({
      pendingOrders: { value: 1, trend: 1 },
      plateSales: { value: 1, trend: 1 },
    });
  });

  it('sums plate blanks only, with the trend in blanks received', () => {
    const items = [
      item('Plate Blanks', 200, 6),
      item('Raw Materials', 40, 6),
      item('Plate Blanks', 150, 40),
      item('Plate Blanks', 1000, 200),
    ];
    expect(agentOverview([], [], items, TODAY).inventoryBlanks).toEqual({ value: 1350, trend: 50 });
  });

  it('matches counting each 30-day window by hand, for any records', () => {
    const daysAgo = fc.integer({ min: -10, max: 200 });
    const windowOf = (days: number) => (days < 0 ? 0 : Math.floor(days / 30));
    fc.assert(
      fc.property(
        fc.array(fc.record({ status: fc.constantFrom(...AGENT_ORDER_STATUSES), daysAgo })),
        fc.array(daysAgo),
        fc.array(
          fc.record({
            itemType: fc.constantFrom(...AGENT_INVENTORY_ITEM_TYPES),
            quantity: fc.integer({ min: 1, max: 1_000_000 }),
            daysAgo,
          }),
        ),
        (orderSpecs, saleDays, itemSpecs) => {
          const overview = agentOverview(
            orderSpecs.map((spec) => order(spec.status, spec.daysAgo)),
            saleDays.map(sale),
            itemSpecs.map((spec) => item(spec.itemType, spec.quantity, spec.daysAgo)),
            TODAY,
          );
          const figure = (days: number[], weights: number[] = days.map(() => 1)) => {
            const sumIn = (window: number) =>
              days.reduce((sum, day, index) => sum + (windowOf(day) === window ? (weights[index] ?? 0) : 0), 0);
            return { value: weights.reduce((sum, weight) => sum + weight, 0), trend: sumIn(0) - sumIn(1) };
          };
          const ordersOf = (status: AgentOrderStatus) =>
            orderSpecs.filter((spec) => spec.status === status).map((spec) => spec.daysAgo);
          const blanks = itemSpecs.filter((spec) => spec.itemType === 'Plate Blanks');
          expect(overview).toEqual({
            pendingOrders: figure(ordersOf('Pending')),
            fulfilledOrders: figure(ordersOf('Fulfilled')),
            plateSales: figure(saleDays),
            inventoryBlanks: figure(
              blanks.map((spec) => spec.daysAgo),
              blanks.map((spec) => spec.quantity),
            ),
          });
          expect(overview.pendingOrders.value + overview.fulfilledOrders.value).toBe(orderSpecs.length);
          expect(Math.abs(overview.plateSales.trend)).toBeLessThanOrEqual(overview.plateSales.value);
        },
      ),
    );
  });

  it('does not depend on the order of the records', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 120 })), (days) => {
        const entries = days.map(sale);
        expect(agentOverview([], [...entries].reverse(), [], TODAY)).toEqual(agentOverview([], entries, [], TODAY));
      }),
    );
  });
});

describe('trendWindows', () => {
  it('matches the windows agentOverview counts in', async () => {
    const { agentOverview: overview, trendWindows: windows } = await import('../../../src/domain/agent/workspace');
    const today = '2026-11-22';
    const { recentFrom, previousFrom, previousTo } = windows(today);
    expect({ recentFrom, previousFrom, previousTo }).toEqual({
      recentFrom: '2026-10-24',
      previousFrom: '2026-09-24',
      previousTo: '2026-10-23',
    });
    const dates = ['2026-11-22', '2026-10-24', '2026-10-23', '2026-09-24', '2026-09-23', '2026-12-01'];
    const figures = overview(
      [],
      dates.map((saleDate) => ({ saleDate })),
      [],
      today,
    );
    const recent = dates.filter((date) => date >= recentFrom).length;
    const previous = dates.filter((date) => date >= previousFrom && date <= previousTo).length;
    expect(figures.plateSales).toEqual({ value: dates.length, trend: recent - previous });
  });
});
