/**
 * The plate owner's own dashboard data, read online and kept on their devices: their
 * orders still in progress (applications, reservations, purchases whose payment is open)
 * and their plates. Everything is the signed-in user's own; nobody reads another's.
 */
import { applicationOrderStatus, type OwnerOrder } from '#domain/plates/owner-order';
import { PAYMENT_METHOD_IDS, paymentMethodName } from '#domain/pricing/pricing';
import { formatPaymentReference } from '#domain/payments/reference';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Signer } from '../credentials/key-store';
import { ensureCurrentCredentials } from '../jobs/credential-reissue';
import { z } from 'zod';
import type { Database } from '../db/database';
import type { PaymentService } from '../payments/payment-service';
import { paymentRepository, type StoredPayment } from '../repositories/payment-repository';
import { plateRepository } from '../repositories/plate-repository';
import { applicationRepository } from '../repositories/application-repository';
import { numberRepository } from '../repositories/number-repository';
import { purchaseRepository } from '../repositories/purchase-repository';
import { refundRepository, type StoredRefund } from '../repositories/refund-repository';
import { refundSummary } from '../payments/refunds';
import type { User } from '../repositories/user-repository';

const orderPaymentOf = (
  payments: PaymentService,
  payment: StoredPayment | undefined,
  at: Date,
  refunds: ReadonlyMap<string, StoredRefund> = new Map(),
): OwnerOrder['payment'] => {
  if (!payment) return null;
  const standing = payments.current(payment, at);
  const refund = refundSummary(refunds.get(payment.id));
  return {
    refund: refund && {
      reference: refund.reference,
      status: refund.status,
      amount: refund.amount,
      createdAt: refund.createdAt,
      settledAt: refund.settledAt,
    },
    id: payment.id,
    reference: formatPaymentReference(payment.number),
    status: standing.status,
    method: payment.method,
    methodName: paymentMethodName(payment.method),
    amount: payment.amount,
  };
};

/** The owner's orders in progress, newest first. */
export async function ownerOrders(
  db: Database,
  payments: PaymentService,
  ownerId: string,
  at: Date,
): Promise<OwnerOrder[]> {
  const requests = applicationRepository(db);
  const applications = await requests.listForApplicant(ownerId);
  const ids = applications.map((request) => request.id);
  const [allocated, latest, reservations, payerPayments, chosen] = await Promise.all([
    requests.platesOf(ids),
    paymentRepository(db).latestForRequests(ids),
    purchaseRepository(db).reservationsOf(ownerId, at),
    paymentRepository(db).listForPayer(ownerId),
    numberRepository(db).requestedOf(ids),
  ]);
  const refunds = await refundRepository(db).forPayments(payerPayments.map((payment) => payment.id));
  const pendingPurchases = payerPayments.filter(
    (payment) => payment.purpose === 'purchase' && payments.current(payment, at).status === 'pending',
  );
  const collections = new Map(
    await Promise.all(
      pendingPurchases.map(
        async (payment) => [payment.id, await purchaseRepository(db).checkoutCollectionOf(payment.id)] as const,
      ),
    ),
  );
  const shopIds = [
    ...applications.map((request) => request.chosenShopId),
    ...[...collections.values()].map((collection) => collection?.shopId ?? null),
  ].filter((id): id is string => id !== null);
  const shops = await requests.agentNames([...new Set(shopIds)]);
  const shopName = (id: string | null | undefined) => {
    const shop = id ? shops.get(id) : undefined;
    return shop ? (shop.businessName ?? shop.name) : null;
  };
  const orders: OwnerOrder[] = applications.map((request) => {
    const payment = orderPaymentOf(payments, latest.get(request.id), at, refunds);
    return {
      id: request.id,
      kind: 'application',
      reference: request.reference,
      status: applicationOrderStatus(request.status, payment?.status ?? null),
      plates: (allocated.get(request.id) ?? []).map((plate) => plate.plateNumber),
      quantity: request.quantity,
      vehicle: request.vehicle,
      rejectionReason: request.rejectionReason,
      reservedUntil: null,
      fee: null,
      listingId: null,
      applicationId: request.applicationId,
      payment,
      createdAt: request.createdAt,
      chosenShop: shopName(request.chosenShopId),
      chosenShopId: request.chosenShopId,
      deliveryAddress: request.deliveryDestination,
      requestedNumbers: chosen.get(request.id)?.numbers ?? [],
    };
  });
  const byId = new Map(payerPayments.map((payment) => [payment.id, payment]));
  for (const listing of reservations) {
    const payment = listing.reservationPaymentId ? byId.get(listing.reservationPaymentId) : undefined;
    orders.push({
      id: `RES-${listing.id}`,
      kind: 'reservation',
      reference: listing.number,
      status: 'Reserved',
      plates: [listing.number],
      quantity: 1,
      vehicle: '',
      rejectionReason: null,
      reservedUntil: listing.reservedUntil,
      fee: payment?.amount ?? null,
      listingId: listing.id,
      applicationId: null,
      payment: orderPaymentOf(payments, payment, at, refunds),
      createdAt: payment?.createdAt ?? listing.reservedUntil ?? at.toISOString(),
    });
  }
  // A purchase whose payment is still open; a paid one is already the owner's plate.
  for (const payment of pendingPurchases) {
    const collection = collections.get(payment.id);
    const listing = payment.listingId ? await purchaseRepository(db).findListing(payment.listingId) : undefined;
    orders.push({
      id: `PAY-${payment.id}`,
      kind: 'purchase',
      reference: listing?.number ?? payment.description,
      status: 'Awaiting payment',
      plates: listing ? [listing.number] : [],
      quantity: 1,
      vehicle: '',
      rejectionReason: null,
      reservedUntil: null,
      fee: null,
      listingId: payment.listingId,
      applicationId: null,
      payment: orderPaymentOf(payments, payment, at),
      createdAt: payment.createdAt,
      ...(collection ? { chosenShop: shopName(collection.shopId), deliveryAddress: collection.deliveryAddress } : {}),
    });
  }
  return orders.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

const paymentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(['pending', 'approved', 'declined', 'timed_out', 'cancelled']),
  method: z.enum(PAYMENT_METHOD_IDS),
  methodName: z.string(),
  amount: z.number(),
  refund: z
    .object({
      reference: z.string(),
      status: z.enum(['pending', 'refunded', 'failed']),
      amount: z.number(),
      createdAt: z.string(),
      settledAt: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
const orderSchema = z.object({
  id: z.string(),
  kind: z.enum(['application', 'reservation', 'purchase']),
  reference: z.string(),
  status: z.string(),
  plates: z.array(z.string()),
  quantity: z.number(),
  vehicle: z.string(),
  rejectionReason: z.string().nullable(),
  reservedUntil: z.string().nullable(),
  fee: z.number().nullable(),
  listingId: z.string().nullable(),
  applicationId: z.string().nullable(),
  payment: paymentSchema.nullable(),
  createdAt: z.string(),
  chosenShop: z
    .string()
    .nullable()
    .optional()
    .describe('The plate shop the buyer chose; null: left to the administrator'),
  deliveryAddress: z.string().nullable().optional().describe('Where the plates are to be delivered; null: collected'),
  chosenShopId: z
    .string()
    .nullable()
    .optional()
    .describe("An application: the chosen plate shop's id (its address and hours are in GET /api/plate-shops)"),
  requestedNumbers: z.array(z.string()).optional().describe('An application: the numbers the buyer chose'),
});

export const ownerRoutes: FastifyPluginAsyncZod<{
  db: Database;
  payments: PaymentService;
  now: () => Date;
  signer: Signer | null;
}> = async (app, { db, payments, now, signer }) => {
  app.get(
    '/api/me/orders',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['owner'],
        summary: "The signed-in user's orders in progress: applications, reservations and purchases awaiting payment",
        response: { 200: z.object({ orders: z.array(orderSchema) }) },
      },
    },
    async (request) => ({ orders: await ownerOrders(db, payments, (request.user as User).id, now()) }),
  );

  app.get(
    '/api/me/plates',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['owner'],
        summary:
          "The signed-in user's plates, from held to registered, with each registration and its credential (devices receive the same through sync as entity ownedPlate)",
        response: { 200: z.object({ plates: z.array(z.record(z.string(), z.unknown())) }) },
      },
    },
    async (request) => {
      const ownerId = (request.user as User).id;
      // A credential signed by a revoked key is never handed out: such a plate is re-issued first.
      const plates = await db.transaction(async (tx) => {
        const owned = await plateRepository(tx).ownedBy(ownerId);
        const reissued = await ensureCurrentCredentials(
          tx,
          signer,
          owned.flatMap((plate) => (plate.registration ? [plate.plateNumber] : [])),
        );
        return reissued.length === 0 ? owned : plateRepository(tx).ownedBy(ownerId);
      });
      return { plates: plates.map((plate) => ({ ...plate })) };
    },
  );
};
