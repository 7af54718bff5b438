// Marketplace search, filters, sort and the stat cards above them (spec sections 2, 5 and 9).
// Filters combine with AND; 'all' means no filter on that field.
import { kwacha } from '../money/money';
import type { Ngwee } from '../money/money';
import { isLuckyNumber, normalisePlateNumber } from '../plates/plate-number';
import type { MarketplacePlateType, PlateStatus } from '../statuses/statuses';
import type { PlateListing } from './listing';

export interface MarketplaceFilters {
  readonly search: string;
  /** Inclusive bounds. */
  readonly priceRange: readonly [Ngwee, Ngwee];
  readonly type: MarketplacePlateType | 'all';
  readonly status: PlateStatus | 'all';
  readonly luckyOnly: boolean;
}

/** The price slider, in kwacha. */
export const PRICE_SLIDER = { min: 0, max: 10_000, step: 100 } as const;

export const DEFAULT_MARKETPLACE_FILTERS: MarketplaceFilters = {
  search: '',
  priceRange: [kwacha(PRICE_SLIDER.min), kwacha(PRICE_SLIDER.max)],
  type: 'all',
  status: 'all',
  luckyOnly: false,
};

export type MarketplaceSort = 'price-low' | 'price-high' | 'number';

export const MARKETPLACE_SORTS = [
  { id: 'price-low', label: 'Price: Low to High' },
  { id: 'price-high', label: 'Price: High to Low' },
  { id: 'number', label: 'Plate Number' },
] as const satisfies readonly { id: MarketplaceSort; label: string }[];

export const DEFAULT_MARKETPLACE_SORT: MarketplaceSort = 'price-low';

/**
 * A plate number as search compares it: normalised as a typed number is (upper case, trimmed), then
 * without its spaces and hyphens, so "ZM777", "zm 777" and "ZM-777" all find ZM-777-VIP.
 */
export function plateSearchKey(text: string): string {
  return normalisePlateNumber(text).replace(/[\s-]+/g, '');
}

export function matchesFilters(listing: PlateListing, filters: MarketplaceFilters): boolean {
  const search = plateSearchKey(filters.search);
  const [minPrice, maxPrice] = filters.priceRange;
  return (
    (search === '' || plateSearchKey(listing.number).includes(search)) &&
    listing.price >= minPrice &&
    listing.price <= maxPrice &&
    (filters.type === 'all' || listing.type === filters.type) &&
    (filters.status === 'all' || listing.status === filters.status) &&
    (!filters.luckyOnly || isLuckyNumber(listing.number))
  );
}

/** The listings that pass every filter, in their original order. */
export function filterListings<L extends PlateListing>(listings: readonly L[], filters: MarketplaceFilters): L[] {
  return listings.filter((listing) => matchesFilters(listing, filters));
}

// Code-unit order rather than localeCompare, so the order is the same on every device.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const COMPARATORS: Record<MarketplaceSort, (a: PlateListing, b: PlateListing) => number> = {
  'price-low': (a, b) => a.price - b.price,
  'price-high': (a, b) => b.price - a.price,
  number: (a, b) => compareText(a.number, b.number),
};

/** A sorted copy; listings that compare equal keep their original order. */
export function sortListings<L extends PlateListing>(listings: readonly L[], sort: MarketplaceSort): L[] {
  // Array.prototype.sort is stable since ES2019.
  return [...listings].sort(COMPARATORS[sort]);
}

export interface MarketplaceStats {
  readonly available: number;
  readonly featured: number;
  /** Lowest price among Available listings; null when none is available. */
  readonly startingFrom: Ngwee | null;
}

export function marketplaceStats(listings: readonly PlateListing[]): MarketplaceStats {
  let available = 0;
  let featured = 0;
  let startingFrom: Ngwee | null = null;
  for (const listing of listings) {
    if (listing.featured) featured++;
    if (listing.status !== 'Available') continue;
    available++;
    if (startingFrom === null || listing.price < startingFrom) startingFrom = listing.price;
  }
  return { available, featured, startingFrom };
}
