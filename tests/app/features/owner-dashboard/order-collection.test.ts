/** My Plates & Orders names the shop's order as the shop does, and each order's shop and delivery. */
import { describe, expect, it } from 'vitest';
import { orderCollectionRows, plateShopOrder } from '../../../../src/app/features/owner-dashboard/order-collection';

describe('a plate’s shop order', () => {
  it('reads as the shop names it, with the buyer’s references', () => {
    expect(
      plateShopOrder({
        orderId: 'ORD-012',
        source: 'application',
        sourceRef: 'REQ-009',
        requestReference: 'LP-000009',
      }),
    ).toBe('ORD-012 for LP-000009 / REQ-009');
    expect(
      plateShopOrder({ orderId: 'ORD-013', source: 'marketplace', sourceRef: 'PO-000003', requestReference: null }),
    ).toBe('ORD-013 for PO-000003');
    expect(
      plateShopOrder({ orderId: null, source: 'marketplace', sourceRef: 'PO-000003', requestReference: null }),
    ).toBe('—');
  });
});

describe('an order’s plate shop and delivery', () => {
  it('names the chosen shop and "Delivery to <address>"', () => {
    expect(
      orderCollectionRows({ chosenShop: 'Cairo Road Plates', deliveryAddress: '12 Kabulonga Road, Lusaka' }),
    ).toEqual([
      ['Plate shop', 'Cairo Road Plates'],
      ['Delivery', 'Delivery to 12 Kabulonga Road, Lusaka'],
    ]);
  });

  it('says the administrator assigns the shop when none was chosen, and collection without delivery', () => {
    expect(orderCollectionRows({ chosenShop: null, deliveryAddress: null })).toEqual([
      ['Plate shop', 'To be assigned by the administrator'],
      ['Delivery', 'Collect from the plate shop'],
    ]);
  });

  it('adds nothing for an order that carries no choice (a reservation, an older copy)', () => {
    expect(orderCollectionRows({})).toEqual([]);
  });
});
