/** Plate Requests' details say which shop the buyer chose before approval, and the delivery address. */
import { describe, expect, it } from 'vitest';
import { collectionRows } from '../../../../src/app/features/application-review/collection-rows';

describe('the request’s plate shop and delivery', () => {
  it('names the shop the buyer chose and where to deliver', () => {
    expect(
      collectionRows({
        chosenShop: { id: 'USR-1', name: 'Cairo Road Plates' },
        deliverTo: '12 Kabulonga Road, Lusaka',
      }),
    ).toEqual([
      ['Plate shop', 'Cairo Road Plates (chosen by the buyer)'],
      ['Delivery', 'Delivery to 12 Kabulonga Road, Lusaka'],
    ]);
  });

  it('says the shop is assigned on approval when the buyer left it to the administrator', () => {
    expect(collectionRows({ chosenShop: null, deliverTo: null })).toEqual([
      ['Plate shop', 'assigned on approval'],
      ['Delivery', 'Collect from the plate shop'],
    ]);
  });
});
