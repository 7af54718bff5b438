/**
 * The administrator's cancellation of a marketplace order before its plate is made: the shop's
 * order is withdrawn, the number's hold in the registry released, the plate put back on sale,
 * and the purchase refunded through the payment provider (the refund is sent once this
 * transaction commits). A reservation fee deducted from the purchase is kept: the purchase was
 * charged the price less that fee, and it is that payment which is refunded (docs/payments.md).
 * Once a shop has recorded making the plate, the order can no longer be cancelled.
 */
import { formatKwacha } from '#domain/money/money';
import { formatRefundReference } from '#domain/payments/refund';
import type { Database } from '../db/database';
import { plateLifecycle } from '../lifecycle/plate-lifecycle';
import { notify } from '../notifications/notify';
import { applicationRepository } from '../repositories/application-repository';
import { auditRepository } from '../repositories/audit-repository';
import { plateRepository } from '../repositories/plate-repository';
import { type PurchaseOrder, purchaseRepository } from '../repositories/purchase-repository';
import type { StoredRefund } from '../repositories/refund-repository';
import { Refusal } from './refusal-reply';
import { startRefund } from './refunds';

export const ORDER_NOT_FOUND = 'This order was not found.';
export const ORDER_ALREADY_CANCELLED = 'This order has already been cancelled.';
export const ORDER_IN_MANUFACTURING = 'Manufacturing of this plate has started; the order can no longer be cancelled.';
export const CANCELLED = 'Cancelled';

export interface CancelOrderInput {
  orderId: string;
  adminId: string;
  reason: string;
  ip: string;
  at: Date;
}

export async function cancelPurchaseOrder(
  db: Database,
  input: CancelOrderInput,
): Promise<{ order: PurchaseOrder; refund: StoredRefund | null }> {
  return db.transaction(async (tx) => {
    const purchases = purchaseRepository(tx);
    const peek = await purchases.findOrder(input.orderId);
    if (!peek) throw new Refusal(404, ORDER_NOT_FOUND);
    // The listing first, then the order: the order a checkout takes them in.
    await purchases.lockListing(peek.listingId);
    const order = (await purchases.findOrder(input.orderId, { forUpdate: true })) ?? peek;
    if (order.status === CANCELLED) throw new Refusal(409, ORDER_ALREADY_CANCELLED);
    const plate = await plateRepository(tx).find(order.plateNumber, { forUpdate: true });
    if ((await purchases.manufacturingStarted(order.plateNumber)) || (plate && plate.stage !== 'Held'))
      throw new Refusal(409, ORDER_IN_MANUFACTURING);
    const actor = { id: input.adminId, ip: input.ip };
    if (plate?.orderId && plate.agentId)
      await applicationRepository(tx).withdrawAgentOrders([{ orderId: plate.orderId, agentId: plate.agentId }]);
    if (plate) await plateLifecycle(tx).release([order.plateNumber], actor);
    await purchases.setOrderStatus(order.id, CANCELLED);
    await purchases.returnToSale(order.listingId);
    const refund = await startRefund(tx, {
      paymentId: order.paymentId,
      reason: 'order-cancelled',
      requestedBy: input.adminId,
      at: input.at,
    });
    await auditRepository(tx).record({
      actorId: input.adminId,
      action: 'order.cancel',
      target: order.id,
      detail: { plateNumber: order.plateNumber, reason: input.reason, refund: refund?.id ?? null },
      ip: input.ip,
    });
    const kept =
      order.reservationCredit > 0
        ? ` The reservation fee of ${formatKwacha(order.reservationCredit)} deducted from the price is kept: it paid for holding the plate.`
        : '';
    await notify(tx, order.buyerId, {
      kind: 'order-cancelled',
      title: `Order ${order.id} cancelled`,
      body: `Your order for plate ${order.plateNumber} was cancelled before it was made. Reason: ${input.reason}${/[.!?]$/.test(input.reason) ? '' : '.'}${
        refund
          ? ` ${formatKwacha(refund.amount)} will be refunded (refund ${formatRefundReference(refund.number)}).`
          : ''
      }${kept}`,
      link: `/dashboard/user/payments/${encodeURIComponent(order.paymentId)}`,
    });
    return { order: { ...order, status: CANCELLED }, refund };
  });
}
