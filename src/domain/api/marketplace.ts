// The marketplace routes' answers the app reads: listings, what a plate costs now, a checkout
// started, and the buyer's own reservations and orders.
import { z } from 'zod';
import { receiptSchema } from './payments';

export const listingSchema = z.object({
  id: z.string(),
  number: z.string(),
  price: z.number().int().describe('Price in ngwee (1 K = 100 ngwee)'),
  type: z.string(),
  status: z
    .string()
    .describe(
      'Effective status now: a lapsed reservation is Available; a plate held for a pending payment is Reserved',
    ),
  featured: z.boolean(),
  description: z.string(),
  reservedUntil: z
    .string()
    .nullable()
    .describe('While Reserved: the instant it ends, if known (the device derives the status from it offline)'),
});
export type QuoteListing = z.infer<typeof listingSchema>;

/** GET /api/listings: plates listed in the marketplace. */
export const listingsAnswer = z.object({ listings: z.array(listingSchema) });

export const orderSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  plateNumber: z.string(),
  paymentId: z.string(),
  price: z.number().int(),
  reservationCredit: z.number().int(),
  total: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
  ownerName: z.string().describe('Whose the plate is to be registered to, as the buyer gave it at Buy Now'),
  ownerNrc: z.string(),
  vehicle: z
    .string()
    .describe("The vehicle as the buyer gave it at Buy Now: 'Vehicle not yet known', or '' before Buy Now asked"),
  shopId: z.string().nullable().describe('The plate shop the buyer chose; null: left to the administrator'),
  deliveryAddress: z.string().nullable().describe('Where to deliver; null: collected from the shop'),
});

/** POST /api/listings/:id/reserve and /buy: the payment as it stands, the listing, and the order once approved. */
export const checkoutAnswer = z.object({
  payment: receiptSchema,
  listing: listingSchema,
  order: orderSchema.nullable(),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

/** Whether the caller may reserve or buy, and why not. */
const checkSchema = z.object({ ok: z.boolean(), reason: z.string().optional(), message: z.string().optional() });

export const quoteLineSchema = z.object({ label: z.string(), amount: z.number().int(), kind: z.string() });

/** GET /api/listings/:id/quote: what reserving and buying the plate costs now, by method, amounts in ngwee. */
export const quoteAnswer = z.object({
  listing: listingSchema,
  reservation: z.object({ amount: z.number().int(), days: z.number().int() }),
  buyNow: z.array(
    z.object({
      method: z.string(),
      methodName: z.string(),
      price: z.number().int(),
      processingFee: z.number().int(),
      gatewayFee: z.number().int(),
      reservationCredit: z.number().int(),
      total: z.number().int(),
      lines: z.array(quoteLineSchema),
    }),
  ),
  mayReserve: checkSchema.nullable(),
  mayBuy: checkSchema.nullable(),
  owner: z
    .object({ name: z.string(), nrc: z.string() })
    .nullable()
    .describe(
      'Signed in: whom Buy Now suggests as the owner: the account name, with the NRC the buyer last gave under that name (empty when none)',
    ),
});
export type QuoteAnswer = z.infer<typeof quoteAnswer>;

/** POST /api/listings/:id/reservation/cancel: the listing, back on sale. */
export const listingAnswer = z.object({ listing: listingSchema });
export type ListingAnswer = z.infer<typeof listingAnswer>;

/** GET /api/purchases: the signed-in buyer's live reservations and marketplace orders. */
export const purchasesAnswer = z.object({ reservations: z.array(listingSchema), orders: z.array(orderSchema) });
export type PurchasesAnswer = z.infer<typeof purchasesAnswer>;

/** A marketplace order as the administrator's order search reads it (Plate Requests). */
export const adminOrderSchema = z.object({
  id: z.string().describe("The buyer's reference, 'PO-000003'"),
  plateNumber: z.string(),
  status: z.string().describe("The order's status: Pending, In production, Ready, Collected, Cancelled"),
  total: z.number().int().describe('What the buyer paid, in ngwee'),
  createdAt: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  buyerPhone: z.string().nullable(),
  ownerName: z.string().describe('Whose the plate is registered to, as the buyer gave it'),
  ownerNrc: z.string(),
  paymentReference: z.string().describe("'PAY-000012'"),
  paymentStatus: z.string(),
  refundStatus: z.string().nullable().describe("The payment's refund: pending, refunded or failed; null when none"),
});
export const adminOrdersAnswer = z.object({ orders: z.array(adminOrderSchema) });
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export type AdminOrdersAnswer = z.infer<typeof adminOrdersAnswer>;
