// The collection choice and the delivery setting as zod schemas, for the routes' bodies and the
// forms' checks; loaded apart from collection.ts so the wizard's first load carries no zod.
import { z } from 'zod';
import { ngwee } from '../money/money';
import { MAX_SETTING_KWACHA } from '../pricing/pricing';
import { type CollectionChoice, DELIVERY_ADDRESS_REQUIRED, DELIVERY_ADDRESS_TOO_LONG } from './collection';

export const DELIVERY_FEE_INVALID = `Delivery fee must be a whole number of ngwee from 0 to ${MAX_SETTING_KWACHA * 100}`;

export const deliverySettingsSchema = z.object({
  offered: z.boolean({ error: 'Say whether delivery is offered' }),
  fee: z
    .number({ error: DELIVERY_FEE_INVALID })
    .int(DELIVERY_FEE_INVALID)
    .min(0, DELIVERY_FEE_INVALID)
    .max(MAX_SETTING_KWACHA * 100, DELIVERY_FEE_INVALID)
    .transform((fee) => ngwee(fee)),
});

/** The choice's fields, for a route's body or a form's check. */
export const collectionChoiceFields = {
  shopId: z
    .string({ error: 'shopId must be the id of a plate shop, or null to leave it to the administrator' })
    .trim()
    .min(1, 'shopId must be the id of a plate shop, or null to leave it to the administrator')
    .max(64, 'shopId must be the id of a plate shop, or null to leave it to the administrator')
    .nullable()
    .optional()
    .default(null)
    .describe('The plate shop the buyer chose; null or absent: left to the administrator'),
  delivery: z
    .boolean({ error: 'delivery must be true or false' })
    .optional()
    .default(false)
    .describe('True: deliver to deliveryAddress for the delivery fee; false: collect from the shop'),
  deliveryAddress: z
    .string({ error: DELIVERY_ADDRESS_REQUIRED })
    .trim()
    .max(500, DELIVERY_ADDRESS_TOO_LONG)
    .optional()
    .default('')
    .describe('Where to deliver, when delivery is asked for'),
};

/** Delivery needs an address; checked with every other field's message. */
export function deliveryAddressIssue(value: unknown, ctx: z.RefinementCtx<unknown>): void {
  const given = typeof value === 'object' && value !== null ? (value as Partial<CollectionChoice>) : {};
  if (given.delivery === true && (typeof given.deliveryAddress !== 'string' || given.deliveryAddress.trim() === ''))
    ctx.addIssue({ code: 'custom', path: ['deliveryAddress'], message: DELIVERY_ADDRESS_REQUIRED });
}

export const collectionChoiceSchema = z
  .object(collectionChoiceFields)
  .superRefine(deliveryAddressIssue, { when: () => true });

export const SHOP_ADDRESS_REQUIRED = 'Enter the street address where buyers collect their plates';
export const SHOP_ADDRESS_TOO_LONG = 'Keep the address within 200 characters';
export const SHOP_HOURS_REQUIRED = 'Enter the opening hours, for example Mon–Fri 08:00–17:00, Sat 08:00–13:00';
export const SHOP_HOURS_TOO_LONG = 'Keep the opening hours within 120 characters';
export const SHOP_LOCATION_INVALID =
  'The location must be in Zambia (latitude −18.1 to −8.2, longitude 21.9 to 33.8), or both left empty';

const coordinate = (min: number, max: number) =>
  z.number({ error: SHOP_LOCATION_INVALID }).min(min, SHOP_LOCATION_INVALID).max(max, SHOP_LOCATION_INVALID).nullable();

/**
 * Where a plate shop is and when it is open, as the shop states it for buyers choosing where to
 * collect: an address and opening hours, and optionally its coordinates (both or neither), within
 * Zambia, from which a buyer's device works out the distance.
 */
export const shopPlaceSchema = z
  .object({
    address: z
      .string({ error: SHOP_ADDRESS_REQUIRED })
      .trim()
      .min(5, SHOP_ADDRESS_REQUIRED)
      .max(200, SHOP_ADDRESS_TOO_LONG),
    hours: z.string({ error: SHOP_HOURS_REQUIRED }).trim().min(3, SHOP_HOURS_REQUIRED).max(120, SHOP_HOURS_TOO_LONG),
    lat: coordinate(-18.1, -8.2),
    lng: coordinate(21.9, 33.8),
  })
  .refine((place) => (place.lat === null) === (place.lng === null), { message: SHOP_LOCATION_INVALID, path: ['lat'] });
export type ShopPlaceInput = z.infer<typeof shopPlaceSchema>;
