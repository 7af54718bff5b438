// The Vehicles & Fleet list (spec columns: Plate, Owner, Driver, Expiry, Compliance): each
// vehicle joined with its driver and its plate's registration, then searched, filtered,
// sorted and cut into pages. Pure and fast: a fleet owner with thousands of vehicles
// searches on every keystroke, so each row carries its search text made once.
import { type ComplianceStatus, type CompliancePlate, type FleetCompliance, fleetCompliance } from './compliance';
import type { Driver, Vehicle } from './vehicle';

export const FLEET_PAGE_SIZE = 25;

export const FLEET_SORTS = [
  { id: 'recent', label: 'Recently changed' },
  { id: 'plate', label: 'Plate number' },
  { id: 'compliance', label: 'Needs attention first' },
] as const;
export type FleetSort = (typeof FLEET_SORTS)[number]['id'];

/** A plate as the owner's store holds it: enough for the Expiry and Compliance columns and the Owner's name. */
export interface FleetPlate extends CompliancePlate {
  registration: (NonNullable<CompliancePlate['registration']> & { ownerName: string }) | null;
}

export interface FleetRow<V extends Vehicle = Vehicle, D extends Driver = Driver> {
  id: string;
  vehicle: V;
  driver: D | null;
  /** The name on the plate's registration, else the account's name. */
  ownerName: string;
  /** YYYY-MM-DD: the last day the plate's registration is valid; null without one. */
  expiryDate: string | null;
  compliance: FleetCompliance;
  /** Lower-case text the search looks in: plate, make, model, colour, year, chassis, owner and driver. */
  searchText: string;
}

export interface FleetQuery {
  search: string;
  compliance: ComplianceStatus | 'all';
  sort: FleetSort;
  /** 1-based; a page past the end shows the last page. */
  page: number;
  pageSize: number;
}

export const DEFAULT_FLEET_QUERY: FleetQuery = {
  search: '',
  compliance: 'all',
  sort: 'recent',
  page: 1,
  pageSize: FLEET_PAGE_SIZE,
};

export interface FleetPage<Row> {
  rows: Row[];
  /** Vehicles that match the search and filter. */
  total: number;
  /** 1-based positions of the first and last row shown (0 and 0 when none). */
  from: number;
  to: number;
  page: number;
  pageCount: number;
}

/** Letters and digits only, lower case: 'ZM-001-ABC' and 'zm 001abc' compare equal. */
export const compactText = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The list's rows: every vehicle not being removed, with its driver (a driver removed or
 * not yet on this device shows as none) and its plate's registration.
 */
export function buildFleetRows<V extends Vehicle & { isDeleted?: boolean }, D extends Driver & { isDeleted?: boolean }>(
  vehicles: readonly V[],
  drivers: readonly D[],
  plates: ReadonlyMap<string, FleetPlate>,
  accountName: string,
  today: string,
): FleetRow<V, D>[] {
  const driverById = new Map<string, D>();
  for (const driver of drivers) if (!driver.isDeleted) driverById.set(driver.id, driver);
  const rows: FleetRow<V, D>[] = [];
  for (const vehicle of vehicles) {
    if (vehicle.isDeleted) continue;
    const driver = vehicle.driverId === null ? null : (driverById.get(vehicle.driverId) ?? null);
    const plate = vehicle.plateNumber === null ? undefined : plates.get(vehicle.plateNumber);
    const registration = plate?.registration ?? null;
    const ownerName = registration?.ownerName || accountName;
    const searchText = [
      vehicle.plateNumber ?? '',
      compactText(vehicle.plateNumber ?? ''),
      vehicle.make,
      vehicle.model,
      vehicle.colour,
      vehicle.year === null ? '' : String(vehicle.year),
      vehicle.chassisNumber,
      ownerName,
      driver?.name ?? '',
      driver?.licenceNumber ?? '',
      driver?.phone ?? '',
    ]
      .join('\n')
      .toLowerCase();
    rows.push({
      id: vehicle.id,
      vehicle,
      driver,
      ownerName,
      expiryDate: registration?.expiryDate ?? null,
      compliance: fleetCompliance(vehicle.plateNumber, plate, today),
      searchText,
    });
  }
  return rows;
}

/** Every word of the search must appear in the row; a word also matches a plate written without its spaces or hyphens. */
export function matchesSearch(row: Pick<FleetRow, 'searchText'>, search: string): boolean {
  return hasWords(row.searchText, searchWords(search));
}

const searchWords = (search: string) => search.toLowerCase().split(/\s+/).filter(Boolean);

function hasWords(text: string, words: readonly string[]): boolean {
  for (const word of words) if (!text.includes(word)) return false;
  return true;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareRows(sort: FleetSort): (a: FleetRow, b: FleetRow) => number {
  const tieBreak = (a: FleetRow, b: FleetRow) =>
    byText(a.vehicle.plateNumber ?? '\uffff', b.vehicle.plateNumber ?? '\uffff') ||
    byText(a.vehicle.make, b.vehicle.make) ||
    byText(a.vehicle.model, b.vehicle.model) ||
    byText(a.id, b.id);
  switch (sort) {
    case 'plate':
      return tieBreak;
    case 'compliance':
      // Warnings first, the soonest (or longest-expired) first; vehicles with no registration before them all.
      return (a, b) =>
        (a.compliance.status === b.compliance.status ? 0 : a.compliance.status === 'Warning' ? -1 : 1) ||
        byText(a.expiryDate ?? '', b.expiryDate ?? '') ||
        tieBreak(a, b);
    default:
      return (a, b) => byText(b.vehicle.updatedAt, a.vehicle.updatedAt) || tieBreak(a, b);
  }
}

/**
 * One page of the list: the rows matching the search and the compliance filter, in the
 * chosen order, with the counts for 'Showing X–Y of Z vehicles'.
 */
export function fleetPage<Row extends FleetRow>(rows: readonly Row[], query: FleetQuery): FleetPage<Row> {
  // The words are split once, not once per row: a search runs on every keystroke.
  const words = searchWords(query.search);
  const matching =
    words.length > 0 || query.compliance !== 'all'
      ? rows.filter(
          (row) =>
            (query.compliance === 'all' || row.compliance.status === query.compliance) &&
            hasWords(row.searchText, words),
        )
      : [...rows];
  const pageSize = Math.max(1, Math.floor(query.pageSize));
  const total = matching.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(query.page) || 1), pageCount);
  const start = (page - 1) * pageSize;
  const compare = compareRows(query.sort);
  // The first page of a long list needs only its smallest rows: picked in one pass instead of sorting them all.
  const shown =
    page === 1 && total > pageSize * 4
      ? smallest(matching, pageSize, compare)
      : matching.sort(compare).slice(start, start + pageSize);
  return { rows: shown, total, from: total === 0 ? 0 : start + 1, to: start + shown.length, page, pageCount };
}

/** The `count` smallest rows in order, keeping a small sorted buffer. */
function smallest<Row>(rows: readonly Row[], count: number, compare: (a: Row, b: Row) => number): Row[] {
  const kept: Row[] = [];
  for (const row of rows) {
    if (kept.length === count && compare(row, kept[count - 1] as Row) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(kept[middle] as Row, row) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, row);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

/** 'Showing 1–25 of 5,000 vehicles' (or 'Showing 0 of 0 vehicles'). */
export function showingText(page: Pick<FleetPage<unknown>, 'from' | 'to' | 'total'>): string {
  const number = (value: number) => value.toLocaleString('en-GB');
  const noun = page.total === 1 ? 'vehicle' : 'vehicles';
  return page.total === 0
    ? 'Showing 0 of 0 vehicles'
    : `Showing ${number(page.from)}–${number(page.to)} of ${number(page.total)} ${noun}`;
}
