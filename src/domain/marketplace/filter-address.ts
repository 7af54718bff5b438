// The marketplace's search, filters, sort and view as the page's address keeps them, so a reload,
// a shared link or the back button shows the same plates. Only what differs from the defaults is
// written; anything unreadable in an address (a hand-edited link) falls back to the default.
import { kwacha, toKwachaNumber } from '../money/money';
import { MARKETPLACE_PLATE_TYPES, PLATE_STATUSES } from '../statuses/statuses';
import {
  DEFAULT_MARKETPLACE_FILTERS,
  DEFAULT_MARKETPLACE_SORT,
  MARKETPLACE_SORTS,
  PRICE_SLIDER,
  type MarketplaceFilters,
  type MarketplaceSort,
} from './filter';

export type MarketplaceLayout = 'grid' | 'list';

export interface MarketplaceAddressState {
  readonly filters: MarketplaceFilters;
  readonly sort: MarketplaceSort;
  readonly view: MarketplaceLayout;
}

/** The address's parameter names. `plate` is not one of them: it opens that plate's dialog. */
export const MARKETPLACE_PARAMS = ['q', 'min', 'max', 'type', 'status', 'lucky', 'sort', 'view'] as const;

/** The longest search kept (a plate number is at most 10 characters; spaces may be typed between). */
const MAX_SEARCH = 20;

function oneOf<T extends string>(options: readonly T[], value: string | null): T | undefined {
  return options.find((option) => option === value);
}

/** A price in whole kwacha from the address, on the slider's steps and within it; undefined when unreadable. */
function sliderPrice(value: string | null): number | undefined {
  if (value === null || !/^\d{1,7}$/.test(value)) return undefined;
  const stepped = Math.round(Number(value) / PRICE_SLIDER.step) * PRICE_SLIDER.step;
  return Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, stepped));
}

/** What the address asks to show. `params.get` as URLSearchParams has it. */
export function readMarketplaceAddress(params: { get(name: string): string | null }): MarketplaceAddressState {
  const defaults = DEFAULT_MARKETPLACE_FILTERS;
  let low = sliderPrice(params.get('min')) ?? toKwachaNumber(defaults.priceRange[0]);
  let high = sliderPrice(params.get('max')) ?? toKwachaNumber(defaults.priceRange[1]);
  if (low > high) [low, high] = [high, low];
  return {
    filters: {
      search: (params.get('q') ?? '').slice(0, MAX_SEARCH),
      priceRange: [kwacha(low), kwacha(high)],
      type: oneOf(MARKETPLACE_PLATE_TYPES, params.get('type')) ?? 'all',
      status: oneOf(PLATE_STATUSES, params.get('status')) ?? 'all',
      luckyOnly: params.get('lucky') === '1',
    },
    sort:
      oneOf(
        MARKETPLACE_SORTS.map((option) => option.id),
        params.get('sort'),
      ) ?? DEFAULT_MARKETPLACE_SORT,
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The address parameters for what is shown: only those that differ from the defaults, in a fixed order. */
export function writeMarketplaceAddress(state: MarketplaceAddressState): [string, string][] {
  const { filters, sort, view } = state;
  const defaults = DEFAULT_MARKETPLACE_FILTERS;
  const written: [string, string][] = [];
  if (filters.search !== '') written.push(['q', filters.search]);
  if (filters.priceRange[0] !== defaults.priceRange[0])
    written.push(['min', String(toKwachaNumber(filters.priceRange[0]))]);
  if (filters.priceRange[1] !== defaults.priceRange[1])
    written.push(['max', String(toKwachaNumber(filters.priceRange[1]))]);
  if (filters.type !== 'all') written.push(['type', filters.type]);
  if (filters.status !== 'all') written.push(['status', filters.status]);
  if (filters.luckyOnly) written.push(['lucky', '1']);
  if (sort !== DEFAULT_MARKETPLACE_SORT) written.push(['sort', sort]);
  if (view !== 'grid') written.push(['view', view]);
  return written;
}
