/**
 * Reserving and buying marketplace plates (online only: the server decides who gets a
 * plate), what it would cost, and the buyer's own reservations and orders.
 */
import {
  type AdminOrder,
  adminOrdersAnswer,
  checkoutAnswer,
  listingAnswer,
  purchasesAnswer,
  quoteAnswer,
} from '#domain/api/marketplace';
import { formatPaymentReference } from '#domain/payments/reference';
import { idempotencyKeyIsValid } from '#domain/payments/payment';
import { checkoutOwnerSchema } from '#domain/purchases/checkout-owner';
import { collectionChoiceFields } from '#domain/collection/collection-schemas';
import { checkoutVehicleFields, checkoutVehicleIssues, checkoutVehicleText } from '#domain/collection/checkout-vehicle';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../plugins/error-handler';
import { type AdminOrderRow, purchaseRepository } from '../repositories/purchase-repository';
import type { User } from '../repositories/user-repository';
import {
  type CheckoutResult,
  LISTING_NOT_FOUND,
  MARKETPLACE_METHODS,
  marketplaceCheckout,
} from '../payments/marketplace-checkout';
import { type PaymentContext, paymentService } from '../payments/payment-service';
import { answerOrRefuse } from '../payments/refusal-reply';
import { errorResponse, noCardNumber } from './schemas';

export const idempotencyKeySchema = z
  .string({ error: 'idempotencyKey is required: a UUID made once per payment attempt' })
  .refine(idempotencyKeyIsValid, 'idempotencyKey must be a lowercase UUID, made once per payment attempt');

const checkoutBody = z.object({
  idempotencyKey: idempotencyKeySchema,
  method: z.enum(MARKETPLACE_METHODS, { error: 'Choose MTN Mobile Money, Airtel Money, a card or a bank transfer' }),
  phone: z.string().max(30, 'Phone number must be at most 30 characters').optional(),
  card: noCardNumber,
  amount: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('The total the buyer was shown (ngwee); refused with 409 if the price has changed'),
});

/**
 * Buying also names whose the plate will be, as on their ID (the registry holds it for this NRC),
 * the vehicle it is for (as the wizard asks, or not yet known), and the plate shop and delivery.
 */
const buyBody = checkoutBody
  .extend({
    ownerName: checkoutOwnerSchema.shape.ownerName.describe(
      'The full name of the person the plate is to be registered to, as on their NRC',
    ),
    ownerNrc: checkoutOwnerSchema.shape.ownerNrc.describe(
      "Their NRC number, '123456/78/9'; the plate shop registers the plate only to this NRC",
    ),
    ...checkoutVehicleFields,
    ...collectionChoiceFields,
  })
  .superRefine(checkoutVehicleIssues, { when: () => true });

const idParams = z.object({ id: z.string().max(64) });
/** How many of the newest marketplace orders the administrator's search looks through. */
export const ADMIN_ORDER_LIMIT = 1000;

const adminOrder = (row: AdminOrderRow): AdminOrder => ({
  id: row.id,
  plateNumber: row.plate_number,
  status: row.status,
  total: Number(row.total_ngwee),
  createdAt: new Date(row.created_at).toISOString(),
  buyerName: row.buyer_name,
  buyerEmail: row.buyer_email,
  buyerPhone: row.buyer_phone,
  ownerName: row.owner_name,
  ownerNrc: row.owner_nrc,
  paymentReference: formatPaymentReference(Number(row.payment_number)),
  paymentStatus: row.payment_status,
  refundStatus: row.refund_status,
});

export const purchaseRoutes: FastifyPluginAsyncZod<Omit<PaymentContext, 'log'>> = async (
  app,
  { db, provider, now },
) => {
  const payments = paymentService({ db, provider, now, log: app.log });
  const checkout = marketplaceCheckout({ db, provider, now, log: app.log }, payments);

  /** The answer to a checkout: the payment as it stands, the listing, and the order once approved. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: 'reserve' | 'buy',
    listingId: string,
    start: () => Promise<CheckoutResult>,
  ) {
    return answerOrRefuse(reply, async () => {
      const result = await start();
      if (!result.replayed)
        request.log.info(
          { paymentId: result.payment.id, listingId, kind, status: result.payment.status },
          'marketplace payment started',
        );
      const [listing, order] = await Promise.all([checkout.listing(listingId), checkout.order(result.payment.id)]);
      if (!listing) return reply.code(404).send(errorBody(404, LISTING_NOT_FOUND));
      return reply
        .code(result.replayed ? 200 : 201)
        .send({ payment: payments.receipt(result.payment), listing, order: order ?? null });
    });
  }

  const responses = {
    200: checkoutAnswer,
    201: checkoutAnswer,
    400: errorResponse,
    404: errorResponse,
    409: errorResponse,
  };

  app.post(
    '/api/listings/:id/reserve',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['marketplace'],
        summary:
          'Reserve a plate: pays the reservation fee; the plate is Reserved for this buyer for the reservation days once the payment is approved',
        params: idParams,
        body: checkoutBody,
        response: responses,
      },
    },
    async (request, reply) =>
      answer(request, reply, 'reserve', request.params.id, () =>
        checkout.reserve(request.params.id, (request.user as User).id, request.body),
      ),
  );

  app.post(
    '/api/listings/:id/buy',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['marketplace'],
        summary:
          'Buy a plate for the owner named (full name and NRC): pays price + processing + gateway fee, less the fee of this buyer’s own live reservation; Sold with an order once approved, and held in the registry for that NRC',
        params: idParams,
        body: buyBody,
        response: responses,
      },
    },
    async (request, reply) => {
      const {
        ownerName,
        ownerNrc,
        vehicleNotYetKnown,
        vehicleMake,
        vehicleModel,
        vehicleRegistration,
        registrationNotYetKnown,
        shopId,
        delivery,
        deliveryAddress,
        ...details
      } = request.body;
      const vehicle = checkoutVehicleText({
        vehicleNotYetKnown,
        vehicleMake,
        vehicleModel,
        vehicleRegistration,
        registrationNotYetKnown,
      });
      return answer(request, reply, 'buy', request.params.id, () =>
        checkout.buy(request.params.id, (request.user as User).id, {
          ...details,
          owner: { name: ownerName, nrc: ownerNrc },
          collection: { vehicle, shopId, delivery, deliveryAddress },
        }),
      );
    },
  );

  app.get(
    '/api/listings/:id/quote',
    {
      config: { access: 'public' },
      schema: {
        tags: ['marketplace'],
        summary:
          'What reserving and buying the plate costs now, by method (with the caller’s reservation credit when signed in), and whether they may',
        params: idParams,
        response: {
          200: quoteAnswer,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const quote = await checkout.quote(
        request.params.id,
        request.user ? { id: request.user.id, name: request.user.name } : null,
      );
      if (!quote) return reply.code(404).send(errorBody(404, LISTING_NOT_FOUND));
      return quote;
    },
  );

  app.post(
    '/api/listings/:id/reservation/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['marketplace'],
        summary:
          "Cancel the signed-in buyer's own live reservation: the plate returns to sale at once; the reservation fee is not refunded (docs/payments.md)",
        params: idParams,
        response: { 200: listingAnswer, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) =>
      answerOrRefuse(reply, async () => {
        await checkout.cancelReservation(request.params.id, (request.user as User).id, request.ip);
        const listing = await checkout.listing(request.params.id);
        if (!listing) return reply.code(404).send(errorBody(404, LISTING_NOT_FOUND));
        return { listing };
      }),
  );

  app.get(
    '/api/purchases',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['marketplace'],
        summary: "The signed-in buyer's live reservations and marketplace orders",
        response: { 200: purchasesAnswer },
      },
    },
    async (request) => checkout.mine((request.user as User).id),
  );

  app.get(
    '/api/admin/orders',
    {
      config: { access: 'requests:review' },
      schema: {
        tags: ['marketplace'],
        summary: `The newest ${ADMIN_ORDER_LIMIT} marketplace orders (PO-), with buyer, owner, payment and refund, for the order search on Plate Requests`,
        response: { 200: adminOrdersAnswer },
      },
    },
    async () => ({ orders: (await purchaseRepository(db).listForAdmin(ADMIN_ORDER_LIMIT)).map(adminOrder) }),
  );
};
