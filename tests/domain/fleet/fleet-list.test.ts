import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildFleetRows,
  DEFAULT_FLEET_QUERY,
  type FleetPlate,
  type FleetQuery,
  type FleetRow,
  FLEET_SORTS,
  fleetPage,
  matchesSearch,
  showingText,
} from '#domain/fleet/fleet-list';
import type { Driver, Vehicle } from '#domain/fleet/vehicle';

const today = '2026-11-24';

function vehicle(index: number, overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    id: `v${String(index).padStart(4, '0')}`,
    ownerId: 'USR-001',
    make: index % 2 === 0 ? 'Toyota' : 'Isuzu',
    model: index % 3 === 0 ? 'Hilux' : 'D-Max',
    year: 2010 + (index % 12),
    colour: 'White',
    chassisNumber: `FR${String(index).padStart(5, '0')}`,
    plateNumber: index % 4 === 0 ? null : `ZM-${String(index % 1000).padStart(3, '0')}-ABC`,
    driverId: index % 5 === 0 ? 'd1' : null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: `2026-0${1 + (index % 9)}-01T00:00:00.000Z`,
    ...overrides,
  };
}

const driver: Driver = {
  id: 'd1',
  ownerId: 'USR-001',
  name: 'Mutale Chanda',
  licenceNumber: 'ZM1234567',
  phone: '+260971234567',
  createdAt: '',
  updatedAt: '',
};
const plateOf = (plateNumber: string, expiryDate: string, ownerName = 'Lusaka Haulage Ltd'): FleetPlate => ({
  plateNumber,
  registration: { expiryDate, standing: 'Valid', ownerName },
});

describe('buildFleetRows', () => {
  it('joins each vehicle with its driver, its plate’s expiry and owner, and its compliance', () => {
    const plates = new Map([['ZM-001-ABC', plateOf('ZM-001-ABC', '2027-06-30')]]);
    const rows = buildFleetRows(
      [vehicle(1, { driverId: 'd1' }), vehicle(4), vehicle(5, { driverId: 'gone' })],
      [driver],
      plates,
      'Mwila Banda',
      today,
    );
    expect(
      rows.map((row) => [
        row.vehicle.plateNumber,
        row.driver?.name ?? null,
        row.ownerName,
        row.expiryDate,
        row.compliance.status,
      ]),
    ).toEqual([
      ['ZM-001-ABC', 'Mutale Chanda', 'Lusaka Haulage Ltd', '2027-06-30', 'Good'],
      [null, null, 'Mwila Banda', null, 'Warning'],
      ['ZM-005-ABC', null, 'Mwila Banda', null, 'Warning'],
    ]);
  });

  it('leaves out vehicles being removed and shows no driver being removed', () => {
    const rows = buildFleetRows(
      [vehicle(1, { driverId: 'd1' }), { ...vehicle(2), isDeleted: true }],
      [{ ...driver, isDeleted: true }],
      new Map(),
      'Mwila Banda',
      today,
    );
    expect(rows.map((row) => [row.id, row.driver])).toEqual([['v0001', null]]);
  });
});

describe('search', () => {
  const rows = buildFleetRows(
    [vehicle(1, { driverId: 'd1' }), vehicle(2), vehicle(3)],
    [driver],
    new Map(),
    'Mwila Banda',
    today,
  );
  const found = (search: string) => fleetPage(rows, { ...DEFAULT_FLEET_QUERY, search }).rows.map((row) => row.id);

  it('finds vehicles by plate written any way, make, model, chassis, year and driver, ignoring case', () => {
    expect(found('zm 001 abc')).toEqual(['v0001']);
    expect(found('ZM001ABC')).toEqual(['v0001']);
    expect(found('mutale')).toEqual(['v0001']);
    expect(found('+260971234567')).toEqual(['v0001']);
    expect(found('fr00002')).toEqual(['v0002']);
    expect(found('isuzu 2013')).toEqual(['v0003']);
    expect(found('hilux')).toEqual(['v0003']);
    expect(found('nothing like this')).toEqual([]);
  });

  it('filters by compliance', () => {
    const plates = new Map([['ZM-001-ABC', plateOf('ZM-001-ABC', '2030-01-01')]]);
    const withPlates = buildFleetRows([vehicle(1), vehicle(2)], [], plates, 'Mwila Banda', today);
    expect(fleetPage(withPlates, { ...DEFAULT_FLEET_QUERY, compliance: 'Good' }).rows.map((row) => row.id)).toEqual([
      'v0001',
    ]);
    expect(fleetPage(withPlates, { ...DEFAULT_FLEET_QUERY, compliance: 'Warning' }).rows.map((row) => row.id)).toEqual([
      'v0002',
    ]);
  });
});

describe('fleetPage', () => {
  const fleet = (count: number) =>
    buildFleetRows(
      Array.from({ length: count }, (_, index) => vehicle(index)),
      [driver],
      new Map([['ZM-010-ABC', plateOf('ZM-010-ABC', '2030-01-01')]]),
      'Mwila Banda',
      today,
    );

  it('shows 25 at a time, and says which', () => {
    const rows = fleet(60);
    const first = fleetPage(rows, DEFAULT_FLEET_QUERY);
    expect([first.from, first.to, first.total, first.pageCount, first.rows.length]).toEqual([1, 25, 60, 3, 25]);
    expect(showingText(first)).toBe('Showing 1–25 of 60 vehicles');
    const last = fleetPage(rows, { ...DEFAULT_FLEET_QUERY, page: 3 });
    expect(showingText(last)).toBe('Showing 51–60 of 60 vehicles');
    expect(fleetPage(rows, { ...DEFAULT_FLEET_QUERY, page: 9 }).page).toBe(3);
    expect(showingText(fleetPage([], DEFAULT_FLEET_QUERY))).toBe('Showing 0 of 0 vehicles');
    expect(showingText(fleetPage(fleet(1), DEFAULT_FLEET_QUERY))).toBe('Showing 1–1 of 1 vehicle');
    expect(showingText({ from: 1, to: 25, total: 5000 })).toBe('Showing 1–25 of 5,000 vehicles');
  });

  it('orders by most recently changed, by plate number (none last), or warnings first', () => {
    const rows = fleet(12);
    const recent = fleetPage(rows, { ...DEFAULT_FLEET_QUERY, sort: 'recent' }).rows;
    expect(recent.map((row) => row.vehicle.updatedAt)).toEqual(
      [...recent.map((row) => row.vehicle.updatedAt)].sort().reverse(),
    );
    const byPlate = fleetPage(rows, { ...DEFAULT_FLEET_QUERY, sort: 'plate' }).rows.map(
      (row) => row.vehicle.plateNumber,
    );
    expect(byPlate.slice(0, 3)).toEqual(['ZM-001-ABC', 'ZM-002-ABC', 'ZM-003-ABC']);
    expect(byPlate.slice(-3)).toEqual([null, null, null]);
    const attention = fleetPage(rows, { ...DEFAULT_FLEET_QUERY, sort: 'compliance' }).rows;
    expect(attention.at(-1)?.vehicle.plateNumber).toBe('ZM-010-ABC');
  });

  const query = fc.record({
    search: fc.constantFrom('', 'toyota', 'zm-0', 'hilux 2013', 'mutale', 'x'),
    compliance: fc.constantFrom('all', 'Good', 'Warning') as fc.Arbitrary<FleetQuery['compliance']>,
    sort: fc.constantFrom(...FLEET_SORTS.map((sort) => sort.id)),
    page: fc.integer({ min: -2, max: 40 }),
    pageSize: fc.integer({ min: 1, max: 30 }),
  });

  it('pages through exactly the matching vehicles, each once, in one order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 150 }), query, (count, asked) => {
        const rows = fleet(count);
        const matching = rows.filter(
          (row) =>
            (asked.compliance === 'all' || row.compliance.status === asked.compliance) &&
            matchesSearch(row, asked.search),
        );
        const first = fleetPage(rows, { ...asked, page: 1 });
        const seen: FleetRow[] = [];
        for (let page = 1; page <= first.pageCount; page += 1) {
          const shown = fleetPage(rows, { ...asked, page });
          if (shown.total !== matching.length || shown.page !== page) return false;
          if (shown.rows.length > 0 && (shown.from !== seen.length + 1 || shown.to !== seen.length + shown.rows.length))
            return false;
          seen.push(...shown.rows);
        }
        const sortedIds = seen.map((row) => row.id);
        return (
          sortedIds.length === matching.length &&
          new Set(sortedIds).size === sortedIds.length &&
          matching.every((row) => sortedIds.includes(row.id))
        );
      }),
      { numRuns: 150 },
    );
  });

  it('gives a page from the shortcut for a long list’s first page exactly as a full sort would', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 400 }), query, (count, asked) => {
        const rows = fleet(count);
        const first = fleetPage(rows, { ...asked, page: 1, pageSize: 25 });
        // Asking for the same rows as a page of a list with one page more takes the full sort.
        const sorted = fleetPage(rows, { ...asked, page: 1, pageSize: Math.max(first.total, 1) }).rows.slice(0, 25);
        return JSON.stringify(first.rows.map((row) => row.id)) === JSON.stringify(sorted.map((row) => row.id));
      }),
      { numRuns: 80 },
    );
  });

  it('keeps the page asked for within 1 and the last page', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), query, (count, asked) => {
        const shown = fleetPage(fleet(count), asked);
        return (
          shown.page >= 1 &&
          shown.page <= shown.pageCount &&
          shown.rows.length <= Math.max(1, Math.floor(asked.pageSize))
        );
      }),
    );
  });
});
