// How the shop reads one of its orders in a line (the whitebook's order choice) and where it
// delivers the plates, when the buyer asked for delivery.
import { shopDeliveryLine } from '#domain/collection/collection-lines';
import { formatShopOrder } from '#domain/orders/order-references';
import type { AgentOrder } from '#domain/agent/agent-records';

/** 'ORD-012 for LP-000009 / REQ-009 · Mwila Banda · Toyota Corolla · Deliver to: 12 Kabulonga Road, Lusaka'. */
export function shopOrderSummary(
  order: Pick<AgentOrder, 'id' | 'reference' | 'requestId' | 'customerName' | 'vehicle' | 'deliveryAddress'>,
): string {
  const delivery = shopDeliveryLine(order.deliveryAddress);
  return [
    formatShopOrder(order),
    order.customerName,
    order.vehicle || 'vehicle not named on the order',
    ...(delivery ? [delivery] : []),
  ].join(' · ');
}

/** The order details' Delivery row: "Deliver to: <address>", or that the customer collects. */
export function shopOrderDelivery(order: Pick<AgentOrder, 'deliveryAddress'>): string {
  return shopDeliveryLine(order.deliveryAddress) || 'None: the customer collects from the shop';
}
