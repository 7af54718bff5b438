// Plate Requests' details: the plate shop the buyer chose (or that approval assigns one) and
// the delivery they asked for, read before the administrator decides.
import { deliveryText, reviewShopText } from '#domain/collection/collection-lines';
import type { AdminApplication } from './applications-api';

export function collectionRows(request: Pick<AdminApplication, 'chosenShop' | 'deliverTo'>): Array<[string, string]> {
  return [
    ['Plate shop', reviewShopText(request.chosenShop?.name ?? null)],
    ['Delivery', deliveryText(request.deliverTo)],
  ];
}
