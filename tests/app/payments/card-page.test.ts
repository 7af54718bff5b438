// A card payment is paid on the card provider's page: a payment just started by card is
// followed there at once, from every screen that starts one (the wizard, pay-again…).
import { describe, expect, it, vi } from 'vitest';
import type { Receipt } from '#domain/payments/receipt';
import { cardPageOf, followStartedPayment } from '../../../src/app/payments/card-page';

const started: Receipt = {
  id: 'pay-2',
  reference: 'PAY-000043',
  status: 'pending',
  purpose: 'application',
  description: 'Application LP-000012 for 1 plate',
  method: 'card',
  methodName: 'Credit/Debit Card',
  amount: 51_500,
  currency: 'ZMW',
  lines: [],
  listingId: null,
  requestId: 'req-1',
  payerPhone: null,
  card: null,
  declineReason: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  settledAt: null,
  expiresAt: null,
  instructions: null,
  refundDue: false,
  provider: 'sandbox',
  checkoutUrl: '/sandbox/pay/abc',
};

describe('a payment just started', () => {
  it('by card goes straight to the card page, and is not reported back to the screen', () => {
    const goTo = vi.fn();
    const onStarted = vi.fn();
    followStartedPayment(started, { goTo, onStarted });
    expect(goTo).toHaveBeenCalledWith('/sandbox/pay/abc');
    expect(onStarted).not.toHaveBeenCalled();
  });

  it('by mobile money, or a card already settled, stays on the screen', () => {
    for (const payment of [
      { ...started, method: 'mtn' as const, checkoutUrl: null },
      { ...started, status: 'declined' as const, checkoutUrl: null },
    ]) {
      const goTo = vi.fn();
      const onStarted = vi.fn();
      followStartedPayment(payment, { goTo, onStarted });
      expect(goTo).not.toHaveBeenCalled();
      expect(onStarted).toHaveBeenCalledWith(payment);
    }
    expect(cardPageOf({ ...started, status: 'approved' })).toBeNull();
  });
});
