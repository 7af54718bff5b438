// A marketplace listing as a zod schema (request and sync validation). Apart from
// listing.ts so that screens needing only the type and rules do not load zod.
import { z } from 'zod';
import { ngwee } from '../money/money';
import { MARKETPLACE_PLATE_TYPES, PLATE_STATUSES } from '../statuses/statuses';
import type { PlateListing } from './listing';

export const plateListingSchema = z.object({
  id: z.string().min(1),
  number: z.string().min(1),
  price: z
    .number()
    .int()
    .nonnegative()
    .transform((n) => ngwee(n)),
  type: z.enum(MARKETPLACE_PLATE_TYPES),
  status: z.enum(PLATE_STATUSES),
  featured: z.boolean(),
  description: z.string(),
}) satisfies z.ZodType<PlateListing, unknown>;
