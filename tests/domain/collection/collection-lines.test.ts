import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buyerShopText,
  deliveryText,
  reviewShopText,
  shopDeliveryLine,
} from '../../../src/domain/collection/collection-lines';

describe('an order’s plate shop and delivery in words', () => {
  it('names the shop the buyer chose, or that the administrator assigns it', () => {
    expect(buyerShopText({ chosenShop: 'Lusaka Plates Ltd' })).toBe('Lusaka Plates Ltd');
    expect(buyerShopText({ chosenShop: null })).toBe('To be assigned by the administrator');
    expect(buyerShopText({ chosenShop: null, assignedShop: 'Copperbelt Plates' })).toBe(
      'Copperbelt Plates (assigned by the administrator)',
    );
  });

  it('says "Delivery to <address>" when delivery was chosen, else collection', () => {
    expect(deliveryText('Plot 12, Kabulonga Road, Lusaka')).toBe('Delivery to Plot 12, Kabulonga Road, Lusaka');
    expect(deliveryText(null)).toBe('Collect from the plate shop');
    expect(deliveryText('  ')).toBe('Collect from the plate shop');
  });

  it('tells the administrator who chose the shop before approval', () => {
    expect(reviewShopText('Lusaka Plates Ltd')).toBe('Lusaka Plates Ltd (chosen by the buyer)');
    expect(reviewShopText(null)).toBe('assigned on approval');
  });

  it('gives the shop "Deliver to: <address>" for any address, and nothing for a collection', () => {
    expect(shopDeliveryLine(null)).toBe('');
    expect(shopDeliveryLine(undefined)).toBe('');
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), (address) => {
        const line = shopDeliveryLine(address);
        expect(line).toBe(address.trim() === '' ? '' : `Deliver to: ${address.trim()}`);
      }),
    );
  });
});
