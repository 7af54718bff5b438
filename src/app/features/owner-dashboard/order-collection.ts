// What My Plates & Orders says of an order's shop and delivery, and how it names the shop's
// order for a plate: in the words the shop and the administrator read too.
import { buyerShopText, deliveryText } from '#domain/collection/collection-lines';
import { formatShopOrder } from '#domain/orders/order-references';
import type { OwnedPlate } from '#domain/plates/owned-plate';
import type { OwnerOrder } from '#domain/plates/owner-order';

/** 'ORD-012 for LP-000009 / REQ-009' (or 'ORD-013 for PO-000003'), as the shop names it; '—' before there is one. */
export function plateShopOrder(
  plate: Pick<OwnedPlate, 'orderId' | 'source' | 'sourceRef' | 'requestReference'>,
): string {
  if (!plate.orderId) return '—';
  const isApplication = plate.source === 'application';
  return formatShopOrder({
    id: plate.orderId,
    reference: isApplication ? (plate.requestReference ?? '') : plate.sourceRef,
    requestId: isApplication ? plate.sourceRef : null,
  });
}

/**
 * The order's plate shop and delivery rows: the shop the buyer chose (or that the administrator
 * assigns one) and "Delivery to <address>" or collection. None for an order that carries no
 * choice (a reservation, or a copy kept before orders carried it).
 */
export function orderCollectionRows(
  order: Pick<OwnerOrder, 'chosenShop' | 'deliveryAddress'>,
): Array<[string, string]> {
  if (order.chosenShop === undefined) return [];
  return [
    ['Plate shop', buyerShopText({ chosenShop: order.chosenShop })],
    ['Delivery', deliveryText(order.deliveryAddress)],
  ];
}
