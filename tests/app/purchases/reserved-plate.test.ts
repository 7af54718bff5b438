import { describe, expect, it } from 'vitest';
import { buyNowBeforeMethod, plateDialogPath } from '../../../src/app/purchases/reserved-plate';

describe('buying a reserved plate from its own dialog', () => {
  it("opens the plate's dialog in the marketplace, on Buy Now unless Reserve was the tab", () => {
    expect(plateDialogPath('ZM-777-VIP')).toBe('/marketplace?open=ZM-777-VIP');
    expect(plateDialogPath('LUSAKA 1', 'reserve')).toBe('/marketplace?open=LUSAKA+1&tab=reserve');
  });

  it("shows the server's figures with the reservation fee deducted, before a method's gateway fee", () => {
    const buyNow = buyNowBeforeMethod({
      buyNow: [
        {
          method: 'mtn',
          methodName: 'MTN Mobile Money',
          price: 550000,
          processingFee: 1000,
          gatewayFee: 11000,
          reservationCredit: 20000,
          total: 542000,
          lines: [
            { kind: 'price', label: 'Plate ZM-777-VIP', amount: 550000 },
            { kind: 'processing', label: 'Processing fee', amount: 1000 },
            { kind: 'gateway', label: 'Gateway fee (MTN Mobile Money, 2%)', amount: 11000 },
            { kind: 'reservation-credit', label: 'Reservation fee deducted', amount: -20000 },
          ],
        },
      ],
    });
    expect(buyNow).toEqual({
      lines: [
        { kind: 'price', label: 'Plate ZM-777-VIP', amount: 550000 },
        { kind: 'processing', label: 'Processing fee', amount: 1000 },
        { kind: 'reservation-credit', label: 'Reservation fee deducted', amount: -20000 },
      ],
      total: 531000,
      credit: 20000,
    });
    expect(buyNowBeforeMethod({ buyNow: [] })).toBeNull();
  });
});
