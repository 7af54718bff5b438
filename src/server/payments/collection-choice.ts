/**
 * The buyer's choice of plate shop and of collection or delivery, as the wizard's submit and Buy
 * Now take it: checked inside the checkout's transaction against what the server knows then.
 */
import {
  type CollectionChoice,
  DELIVERY_ADDRESS_REQUIRED,
  DELIVERY_NOT_OFFERED,
  deliveryAddressOf,
  type DeliverySettings,
  SHOP_NOT_TAKING_ORDERS,
} from '#domain/collection/collection';
import type { Queryable } from '../db/database';
import { settingsRepository } from '../repositories/settings-repository';
import { shopRepository } from '../repositories/shop-repository';
import { Refusal } from './refusal-reply';

/**
 * The buyer's choice of plate shop and delivery, checked against what the server knows now: the
 * shop must be approved, active and allowed to record, and delivery must be offered. Returns the
 * shop's id (null: left to the administrator) and the address to deliver to (null: collected).
 */
export async function checkedCollection(
  tx: Queryable,
  choice: Partial<CollectionChoice>,
): Promise<{ shopId: string | null; deliveryAddress: string | null; delivery: DeliverySettings }> {
  const shopId = choice.shopId ?? null;
  if (shopId !== null && !(await shopRepository(tx).activeShop(shopId)))
    throw new Refusal(400, SHOP_NOT_TAKING_ORDERS, { shopId: SHOP_NOT_TAKING_ORDERS });
  const deliveryAddress = deliveryAddressOf({
    delivery: choice.delivery ?? false,
    deliveryAddress: choice.deliveryAddress ?? '',
  });
  if (deliveryAddress === '')
    throw new Refusal(400, DELIVERY_ADDRESS_REQUIRED, { deliveryAddress: DELIVERY_ADDRESS_REQUIRED });
  const { settings: delivery } = await settingsRepository(tx).delivery();
  if (deliveryAddress !== null && !delivery.offered)
    throw new Refusal(400, DELIVERY_NOT_OFFERED, { delivery: DELIVERY_NOT_OFFERED });
  return { shopId, deliveryAddress, delivery };
}
