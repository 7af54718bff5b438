import { describe, expect, it } from 'vitest';
import {
  approvedMessage,
  attemptFor,
  attemptSignature,
  checkoutBreakdown,
  MARKETPLACE_METHODS,
  type Quote,
  offeredCheckouts,
  signInPath,
  suggestedOwner,
} from '../../../../src/app/features/marketplace/checkout-rules';
import { checkPayerDetails } from '../../../../src/domain/payments/payment';

const lines = (gateway: number, credit = 0) => [
  { kind: 'price', label: 'Plate ZM-100-LSK', amount: 250000 },
  { kind: 'processing', label: 'Processing fee', amount: 1000 },
  { kind: 'gateway', label: 'Gateway fee', amount: gateway },
  ...(credit ? [{ kind: 'reservation-credit', label: 'Reservation fee deducted', amount: -credit }] : []),
];

function quote(credit = 0): Quote {
  const entry = (method: string, gatewayFee: number) => ({
    method,
    methodName: method,
    price: 250000,
    processingFee: 1000,
    gatewayFee,
    reservationCredit: credit,
    total: 251000 + gatewayFee - credit,
    lines: lines(gatewayFee, credit),
  });
  return {
    listing: {
      id: 'PL-004',
      number: 'ZM-100-LSK',
      price: 250000,
      type: 'Private',
      status: 'Available',
      featured: false,
      description: '',
      reservedUntil: null,
    },
    reservation: { amount: 20000, days: 7 },
    buyNow: [entry('mtn', 5000), entry('airtel', 5000), entry('card', 7500)],
    mayReserve: { ok: true },
    mayBuy: { ok: true },
  };
}

describe('marketplace methods', () => {
  it('offers bank transfer as well as mobile money and cards, as the wizard does', () => {
    expect(MARKETPLACE_METHODS.map((method) => method.name)).toEqual([
      'MTN Mobile Money',
      'Airtel Money',
      'Credit/Debit Card',
      'Bank Transfer',
    ]);
  });
});

describe('checkoutBreakdown', () => {
  it('leaves the gateway fee out until a method is chosen', () => {
    const shown = checkoutBreakdown(quote(), 'buy', null);
    expect(shown?.lines.map((line) => line.kind)).toEqual(['price', 'processing']);
    expect(shown?.total).toBe(251000);
  });

  it('shows the chosen method’s gateway fee and total', () => {
    const shown = checkoutBreakdown(quote(), 'buy', 'card');
    expect(shown?.lines.find((line) => line.kind === 'gateway')?.amount).toBe(7500);
    expect(shown?.total).toBe(258500);
  });

  it('keeps the reservation credit line, deducted from the total, with or without a method', () => {
    expect(checkoutBreakdown(quote(20000), 'buy', 'mtn')?.total).toBe(236000);
    const before = checkoutBreakdown(quote(20000), 'buy', null);
    expect(before?.lines.at(-1)).toEqual({
      kind: 'reservation-credit',
      label: 'Reservation fee deducted',
      amount: -20000,
    });
    expect(before?.total).toBe(231000);
  });

  it('charges only the reservation fee to reserve, whatever the method', () => {
    expect(checkoutBreakdown(quote(), 'reserve', 'card')).toEqual({
      lines: [{ kind: 'reservation-fee', label: 'Reservation fee (7 days, deducted from the price)', amount: 20000 }],
      total: 20000,
    });
  });
});

describe('checkPayerDetails', () => {
  it('accepts an MTN number and gives it in +260 form', () => {
    expect(checkPayerDetails('mtn', '0961234567')).toEqual({ ok: true, phone: '+260961234567' });
  });

  it('refuses a number on the other network in the domain’s words', () => {
    expect(checkPayerDetails('airtel', '+260 96 123 4567')).toEqual({
      ok: false,
      field: 'phone',
      message: 'This number is not on Airtel Money. Airtel numbers start with 097 or 077.',
    });
  });

  it("asks nothing for a card: it is entered on the card provider's page", () => {
    expect(checkPayerDetails('card', '')).toEqual({ ok: true });
  });
});

describe('attemptFor', () => {
  const request = {
    kind: 'buy' as const,
    listingId: 'PL-004',
    method: 'mtn' as const,
    phone: '+260961234567',
    amount: 256000,
  };
  let n = 0;
  const newKey = () => `key-${++n}`;

  it('keeps the key when the same request is sent again after a lost answer', () => {
    const first = attemptFor(null, attemptSignature(request), newKey);
    expect(attemptFor(first, attemptSignature(request), newKey)).toBe(first);
  });

  it('makes a new key when the request changed', () => {
    const first = attemptFor(null, attemptSignature(request), newKey);
    const changed = attemptFor(first, attemptSignature({ ...request, method: 'airtel' }), newKey);
    expect(changed.key).not.toBe(first.key);
  });

  it('makes a new key when Buy Now names another owner', () => {
    const owned = { ...request, ownerName: 'Mwila Banda', ownerNrc: '123456/78/9' };
    const first = attemptFor(null, attemptSignature(owned), newKey);
    expect(attemptFor(first, attemptSignature(owned), newKey)).toBe(first);
    expect(attemptFor(first, attemptSignature({ ...owned, ownerNrc: '234567/89/1' }), newKey).key).not.toBe(first.key);
    expect(attemptFor(first, attemptSignature({ ...owned, ownerName: 'Chanda Mulenga' }), newKey).key).not.toBe(
      first.key,
    );
  });

  it('makes a new key once the attempt has produced a payment (a new try after a decline)', () => {
    const first = { ...attemptFor(null, attemptSignature(request), newKey), hasPayment: true };
    expect(attemptFor(first, attemptSignature(request), newKey).key).not.toBe(first.key);
  });
});

describe('suggestedOwner', () => {
  it('suggests the name and NRC the buyer last gave, as the server says', () => {
    expect(suggestedOwner({ ...quote(), owner: { name: 'Mwila Banda', nrc: '123456/78/9' } }, 'M. Banda')).toEqual({
      name: 'Mwila Banda',
      nrc: '123456/78/9',
    });
  });

  it('suggests the account’s name and no NRC when the buyer never gave one, or before the prices arrive', () => {
    expect(suggestedOwner({ ...quote(), owner: null }, 'Mwila Banda')).toEqual({ name: 'Mwila Banda', nrc: '' });
    expect(suggestedOwner(null, 'Mwila Banda')).toEqual({ name: 'Mwila Banda', nrc: '' });
  });
});

describe('approvedMessage', () => {
  it('says the plate is the buyer’s after a purchase', () => {
    expect(approvedMessage('buy', null)).toBe('The plate is yours');
  });

  it('says until when a reservation holds, as a day in Lusaka', () => {
    expect(approvedMessage('reserve', '2026-11-29T23:30:00.000Z')).toBe('Reserved for you until 30 Nov 2026');
    expect(approvedMessage('reserve', null)).toBe('Reserved for you');
  });
});

describe('signInPath', () => {
  it("returns to the same plate's dialog in the marketplace after sign-in", () => {
    expect(signInPath('ZM-100-LSK')).toBe('/auth?redirect=%2Fmarketplace%3Fopen%3DZM-100-LSK');
  });

  it('returns to the Reserve tab when the visitor signed in to reserve', () => {
    expect(signInPath('ZM-100-LSK', 'reserve')).toBe(
      '/auth?redirect=%2Fmarketplace%3Fopen%3DZM-100-LSK%26tab%3Dreserve',
    );
  });
});

describe('offeredCheckouts', () => {
  it('offers Buy Now and Reserve on a plate for sale', () => {
    expect(offeredCheckouts(undefined)).toEqual(['buy', 'reserve']);
  });

  it("offers only Buy Now on the buyer's own reservation: reserving it again is refused", () => {
    expect(offeredCheckouts('2026-12-13T10:00:00.000Z')).toEqual(['buy']);
    expect(offeredCheckouts(null)).toEqual(['buy']);
  });
});
