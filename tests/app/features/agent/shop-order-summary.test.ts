/** The shop's order says where to deliver the plates, in its details and the whitebook's order choice. */
import { describe, expect, it } from 'vitest';
import { shopOrderDelivery, shopOrderSummary } from '../../../../src/app/features/agent/shop-order-summary';

const order = {
  id: 'ORD-012',
  reference: 'LP-000009',
  requestId: 'REQ-009',
  customerName: 'Mwila Banda',
  vehicle: 'Toyota Corolla',
};

describe('a shop order to be delivered', () => {
  it('reads "Deliver to: <address>" in the whitebook’s choice and the order’s details', () => {
    const delivered = { ...order, deliveryAddress: '12 Kabulonga Road, Lusaka' };
    expect(shopOrderSummary(delivered)).toBe(
      'ORD-012 for LP-000009 / REQ-009 · Mwila Banda · Toyota Corolla · Deliver to: 12 Kabulonga Road, Lusaka',
    );
    expect(shopOrderDelivery(delivered)).toBe('Deliver to: 12 Kabulonga Road, Lusaka');
  });

  it('says nothing of delivery when the customer collects, or the row predates it', () => {
    expect(shopOrderSummary({ ...order, deliveryAddress: null })).toBe(
      'ORD-012 for LP-000009 / REQ-009 · Mwila Banda · Toyota Corolla',
    );
    expect(shopOrderDelivery({})).toBe('None: the customer collects from the shop');
  });
});
