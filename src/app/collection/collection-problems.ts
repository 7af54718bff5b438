/**
 * What the device can say about a collection choice before sending it: delivery needs an
 * address and must be offered, and a chosen shop must still be listed. The server checks all of
 * it again.
 */
import {
  type CollectionChoice,
  DELIVERY_ADDRESS_REQUIRED,
  DELIVERY_NOT_OFFERED,
  deliveryAddressOf,
  deliveryFeeFor,
  SHOP_NOT_TAKING_ORDERS,
} from '#domain/collection/collection';
import type { CollectionField } from './collection-choice-fields';
import type { KnownShops } from './plate-shops';

export function collectionProblems(
  choice: CollectionChoice,
  known: KnownShops,
): Partial<Record<CollectionField, string>> {
  const problems: Partial<Record<CollectionField, string>> = {};
  if (choice.delivery && choice.deliveryAddress.trim() === '') problems.deliveryAddress = DELIVERY_ADDRESS_REQUIRED;
  if (choice.delivery && known.status === 'ready' && !known.delivery.offered) problems.delivery = DELIVERY_NOT_OFFERED;
  if (choice.shopId !== null && known.status === 'ready' && !known.shops.some((shop) => shop.id === choice.shopId))
    problems.shopId = SHOP_NOT_TAKING_ORDERS;
  return problems;
}

/** The delivery fee the choice adds, as the screen shows it (the server prices it again). */
export function deliveryFeeShown(choice: CollectionChoice, known: KnownShops): number {
  return deliveryFeeFor(deliveryAddressOf(choice), known.delivery);
}

/** The choice as a request body carries it. */
export function collectionToSend(choice: CollectionChoice): CollectionChoice {
  return {
    shopId: choice.shopId,
    delivery: choice.delivery,
    deliveryAddress: choice.delivery ? choice.deliveryAddress.trim() : '',
  };
}
