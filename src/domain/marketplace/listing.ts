// A plate offered on the marketplace and what a buyer may do with it.
import { z } from 'zod';
import { ngwee } from '../money/money';
import type { Ngwee } from '../money/money';
import { MARKETPLACE_PLATE_TYPES, PLATE_STATUSES } from '../statuses/statuses';
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

export const plateListingSchema = z.object({
  id: z.string().min(1),
  number: z.string().min(1),
  price: z.number().int().nonnegative().transform((n) => ngwee(n)),
  type: z.enum(MARKETPLACE_PLATE_TYPES),
  status: z.enum(PLATE_STATUSES),
  featured: z.boolean(),
  description: z.string(),
}) satisfies z.ZodType<PlateListing, unknown>;

/** What every plate bought through the marketplace comes with (detail dialog). */
export const LISTING_INCLUDES = ['Unique QR Code', 'Registration', '5-Year Validity', 'Digital Documentation'] as const;

/** Only Available plates open the detail dialog for buying or reserving. */
export function isOpenForPurchase(listing: Pick<PlateListing, 'status'>): boolean {
  return listing.status === 'Available';
}
