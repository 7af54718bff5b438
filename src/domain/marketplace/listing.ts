// A plate offered on the marketplace and what a buyer may do with it.
import type { Ngwee } from '../money/money';
import type { MarketplacePlateType, PlateStatus } from '../statuses/statuses';

export interface PlateListing {
  readonly id: string;
  readonly number: string;
  readonly price: Ngwee;
  readonly type: MarketplacePlateType;
  readonly status: PlateStatus;
  readonly featured: boolean;
  readonly description: string;
}

/** What every plate bought through the marketplace comes with (detail dialog). */
export const LISTING_INCLUDES = ['Unique QR Code', 'Registration', '5-Year Validity', 'Digital Documentation'] as const;

/** Only Available plates open the detail dialog for buying or reserving. */
export function isOpenForPurchase(listing: Pick<PlateListing, 'status'>): boolean {
  return listing.status === 'Available';
}
