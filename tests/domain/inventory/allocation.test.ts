import {
  ALL_ALLOCATIONS_FILTER,
  allocationBalances,
  allocationInputSchema,
  DEFAULT_STOCK_THRESHOLDS,
  filterAllocations,
  type InventoryAllocation,
  inventoryPlateType,
  inventoryStats,
  isStockThresholds,
  type PlateMade,
  plateTypeDistribution,
  receiptDifferenceText,
  STOCK_THRESHOLD_MAX,
  stockStatus,
  stockThresholdsBodySchema,
  stockThresholdsSchema,
} from '#domain/inventory/allocation';
import { INVENTORY_PLATE_TYPES } from '#domain/statuses/statuses';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const allocation = (
  overrides: Partial<InventoryAllocation> & Pick<InventoryAllocation, 'id'>,
): InventoryAllocation => ({
  number: 1,
  shopId: 'USR-002',
  shopName: 'Cairo Road Plates',
  plateType: 'Standard',
  allocatedQuantity: 100,
  note: '',
  createdAt: '2026-10-01T08:00:00.000Z',
  updatedAt: '2026-10-01T08:00:00.000Z',
  ...overrides,
});
const made = (
  shopId: string,
  count: number,
  plateType: PlateMade['plateType'] = 'Standard',
  prefix = 'ZM',
): PlateMade[] =>
  Array.from({ length: count }, (_, index) => ({
    shopId,
    plateType,
    plateNumber: `${prefix}-${String(index).padStart(3, '0')}-ABC`,
  }));

describe('stock status', () => {
  it('reads the thresholds inclusively, none left being Out of Stock', () => {
    const thresholds = { lowStock: 50, critical: 10 };
    expect([0, 1, 10, 11, 50, 51].map((left) => stockStatus(left, thresholds))).toEqual([
      'Out of Stock',
      'Critical',
      'Critical',
      'Low Stock',
      'Low Stock',
      'In Stock',
    ]);
  });

  it('thresholds must be whole numbers with the critical one below the low one', () => {
    expect(stockThresholdsSchema.safeParse({ lowStock: '40', critical: '5' })).toMatchObject({
      success: true,
      data: { lowStock: 40, critical: 5 },
    });
    expect(stockThresholdsSchema.safeParse({ lowStock: 10, critical: 10 }).error?.issues[0]?.message).toBe(
      'The critical threshold must be below the low stock threshold',
    );
    expect(stockThresholdsSchema.safeParse({ lowStock: 2.5, critical: 1 }).error?.issues[0]?.message).toBe(
      'Low stock threshold must be a whole number',
    );
    expect(stockThresholdsSchema.safeParse({ lowStock: 20_000, critical: 1 }).error?.issues[0]?.message).toBe(
      'Low stock threshold must be at most 10,000',
    );
    expect(stockThresholdsSchema.safeParse({ lowStock: 50, critical: 0 }).error?.issues[0]?.message).toBe(
      'Critical threshold must be at least 1',
    );
  });
});

describe('allocation input', () => {
  const valid = {
    id: '0190f5d2-0009-7000-8000-000000000010',
    shopId: 'USR-002',
    plateType: 'Standard',
    allocatedQuantity: '250',
    note: '',
  };
  it('accepts the form as typed and gives the quantity as a number', () => {
    expect(allocationInputSchema.parse(valid)).toMatchObject({ allocatedQuantity: 250, note: '' });
  });
  it.each([
    [{ shopId: '' }, 'Please choose a plate maker'],
    [{ plateType: '' }, 'Please choose a plate type'],
    [{ allocatedQuantity: '' }, 'Allocated quantity is required'],
    [{ allocatedQuantity: '-3' }, 'Allocated quantity must be at least 1'],
    [{ allocatedQuantity: '2.5' }, 'Allocated quantity must be a whole number'],
    [{ allocatedQuantity: 'abc' }, 'Allocated quantity must be a whole number'],
    [{ allocatedQuantity: '100001' }, 'Allocated quantity must be at most 100,000'],
    [{ note: 'x'.repeat(501) }, 'Note must be at most 500 characters'],
  ])('refuses %o with its message', (change, message) => {
    expect(allocationInputSchema.safeParse({ ...valid, ...change }).error?.issues[0]?.message).toBe(message);
  });
});

describe('allocation balances', () => {
  it('draws the plates a shop made of a type from its oldest allocation of that type first', () => {
    const older = allocation({ id: 'a', allocatedQuantity: 30, createdAt: '2026-09-01T00:00:00.000Z' });
    const newer = allocation({ id: 'b', allocatedQuantity: 100, createdAt: '2026-10-01T00:00:00.000Z' });
    const otherType = allocation({ id: 'c', plateType: 'Commercial', allocatedQuantity: 20 });
    const otherShop = allocation({ id: 'd', shopId: 'USR-009', allocatedQuantity: 5 });
    const balances = allocationBalances(
      [newer, older, otherType, otherShop],
      [],
      [...made('USR-002', 45), ...made('USR-002', 4, 'Commercial', 'CM')],
      DEFAULT_STOCK_THRESHOLDS,
    );
    expect(balances.map((balance) => [balance.allocation.id, balance.used, balance.remaining, balance.status])).toEqual(
      [
        ['b', 15, 85, 'In Stock'],
        ['a', 30, 0, 'Out of Stock'],
        ['c', 4, 16, 'Low Stock'],
        ['d', 0, 5, 'Critical'],
      ],
    );
  });

  it('counts a plate number once however many manufacturing records it has', () => {
    const twice = [...made('USR-002', 3), ...made('USR-002', 3)];
    expect(allocationBalances([allocation({ id: 'a' })], [], twice, DEFAULT_STOCK_THRESHOLDS)[0]?.used).toBe(3);
  });

  it('reconciles what was received against each allocation, stock from elsewhere counting for none', () => {
    const short = allocation({ id: 'a', allocatedQuantity: 500 });
    const over = allocation({ id: 'b', allocatedQuantity: 100 });
    const balances = allocationBalances(
      [short, over],
      [
        { allocationId: 'a', quantity: 300 },
        { allocationId: 'a', quantity: 180 },
        { allocationId: 'b', quantity: 105 },
        { allocationId: null, quantity: 999 },
      ],
      [],
      DEFAULT_STOCK_THRESHOLDS,
    );
    expect(
      balances.map((balance) => [balance.received, balance.receiptDifference, receiptDifferenceText(balance)]),
    ).toEqual([
      [480, -20, '20 not yet received'],
      [105, 5, '5 more than allocated'],
    ]);
    expect(receiptDifferenceText({ received: 10, receiptDifference: 0 })).toBe('All received');
  });

  const allocationsArb = fc.uniqueArray(
    fc.record({
      id: fc.uuid(),
      shopId: fc.constantFrom('S1', 'S2'),
      plateType: fc.constantFrom(...INVENTORY_PLATE_TYPES),
      allocatedQuantity: fc.integer({ min: 1, max: 500 }),
      createdAt: fc
        .integer({ min: 0, max: 1_000_000 })
        .map((n) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString()),
    }),
    { maxLength: 12, selector: (value) => value.id },
  );
  const madeArb = fc.array(
    fc.record({
      shopId: fc.constantFrom('S1', 'S2'),
      plateType: fc.constantFrom(...INVENTORY_PLATE_TYPES),
      plateNumber: fc.integer({ min: 0, max: 2000 }).map((n) => `ZM-${n}`),
    }),
    { maxLength: 300 },
  );

  it('never draws more than was made or allocated, and leaves nothing negative (property)', () => {
    fc.assert(
      fc.property(allocationsArb, madeArb, (rows, plates) => {
        const allocations = rows.map((row) => allocation({ ...row, number: null }));
        const balances = allocationBalances(allocations, [], plates, DEFAULT_STOCK_THRESHOLDS);
        expect(balances).toHaveLength(allocations.length);
        for (const shopId of ['S1', 'S2']) {
          for (const plateType of INVENTORY_PLATE_TYPES) {
            const ofKind = balances.filter(
              (balance) => balance.allocation.shopId === shopId && balance.allocation.plateType === plateType,
            );
            const allocated = ofKind.reduce((sum, balance) => sum + balance.allocation.allocatedQuantity, 0);
            const distinctMade = new Set(
              plates
                .filter((plate) => plate.shopId === shopId && plate.plateType === plateType)
                .map((plate) => plate.plateNumber),
            ).size;
            expect(ofKind.reduce((sum, balance) => sum + balance.used, 0)).toBe(Math.min(allocated, distinctMade));
          }
        }
        for (const balance of balances) {
          expect(balance.remaining).toBeGreaterThanOrEqual(0);
          expect(balance.used + balance.remaining).toBe(balance.allocation.allocatedQuantity);
          expect(balance.status).toBe(stockStatus(balance.remaining, DEFAULT_STOCK_THRESHOLDS));
        }
      }),
    );
  });

  it('stat cards and distribution add up to the allocations (property)', () => {
    fc.assert(
      fc.property(allocationsArb, madeArb, (rows, plates) => {
        const allocations = rows.map((row) => allocation({ ...row }));
        const balances = allocationBalances(allocations, [], plates, DEFAULT_STOCK_THRESHOLDS);
        const stats = inventoryStats(balances);
        expect(stats.inStock + stats.lowStock + stats.critical).toBe(balances.length);
        const distribution = plateTypeDistribution(allocations);
        expect(distribution.reduce((sum, share) => sum + share.totalPlates, 0)).toBe(stats.totalAllocated);
        expect(distribution.reduce((sum, share) => sum + share.allocations, 0)).toBe(allocations.length);
        expect(distribution.every((share) => share.totalPlates > 0)).toBe(true);
      }),
    );
  });
});

describe('filtering allocations', () => {
  const balances = allocationBalances(
    [
      allocation({ id: 'a', number: 7, note: 'Quarterly allocation' }),
      allocation({ id: 'b', number: 12, plateType: 'Commercial', shopName: 'Kitwe Plate Works', allocatedQuantity: 5 }),
    ],
    [],
    [],
    DEFAULT_STOCK_THRESHOLDS,
  );
  const ids = (filter: Partial<typeof ALL_ALLOCATIONS_FILTER>) =>
    filterAllocations(balances, { ...ALL_ALLOCATIONS_FILTER, ...filter }).map((balance) => balance.allocation.id);

  it('searches the ID, the plate maker, the type, the status and the note, ignoring case', () => {
    expect(ids({ search: '12' })).toEqual(['b']);
    expect(ids({ search: 'kitwe' })).toEqual(['b']);
    expect(ids({ search: 'QUARTERLY' })).toEqual(['a']);
    expect(ids({ search: 'critical' })).toEqual(['b']);
    expect(ids({ search: '  ' })).toEqual(['a', 'b']);
  });

  it('filters by plate type and stock status', () => {
    expect(ids({ plateType: 'Commercial' })).toEqual(['b']);
    expect(ids({ status: 'In Stock' })).toEqual(['a']);
    expect(ids({ plateType: 'Standard', status: 'Critical' })).toEqual([]);
  });

  it('a filter never adds a row and the search is a substring match (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), (search) => {
        const shown = filterAllocations(balances, { ...ALL_ALLOCATIONS_FILTER, search });
        expect(shown.length).toBeLessThanOrEqual(balances.length);
        if (search.trim() === '') expect(shown).toHaveLength(balances.length);
      }),
    );
  });
});

describe('plate types of orders', () => {
  it('maps the request and marketplace types to the blank they are made from', () => {
    expect(
      ['Standard', 'commercial', 'Private', 'Premium', 'Government', 'Something else'].map(inventoryPlateType),
    ).toEqual(['Standard', 'Commercial', 'Standard', 'Personalized', 'Government', 'Standard']);
  });
});

describe('stored stock thresholds', () => {
  it('are accepted without the form rules exactly when the API’s rules accept them', () => {
    const candidate = fc.oneof(
      fc.record({
        lowStock: fc.integer({ min: -5, max: STOCK_THRESHOLD_MAX + 5 }),
        critical: fc.integer({ min: -5, max: STOCK_THRESHOLD_MAX + 5 }),
      }),
      fc.record({ lowStock: fc.oneof(fc.double(), fc.string(), fc.constant(null)), critical: fc.integer() }),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        candidate,
        (value) => isStockThresholds(value) === stockThresholdsBodySchema.safeParse(value).success,
      ),
    );
  });
});
