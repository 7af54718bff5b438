import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '../../../src/domain/payments/payment';
import {
  APPLICATION_SUBMITTED,
  BANK_TRANSFER_HOLD_MS,
  bankTransferHoldEnds,
  paymentOutcome,
  type PaymentOutcomePayment,
  type PaymentOutcomeSubject,
} from '../../../src/domain/payments/payment-outcome';
import { PAYMENT_METHOD_IDS } from '../../../src/domain/pricing/pricing';

const payment: PaymentOutcomePayment = {
  status: 'approved',
  method: 'card',
  amount: 31_500,
  reference: 'PAY-000042',
  declineReason: null,
  payerPhone: null,
  refundDue: false,
  createdAt: '2026-03-06T08:00:00.000Z',
};

const application: PaymentOutcomeSubject = {
  purpose: 'application',
  numberOfPlates: 2,
  applicationReference: 'LP-000012',
};
const purchase: PaymentOutcomeSubject = { purpose: 'purchase', plateNumber: 'ZM-777-VIP' };
const reservation: PaymentOutcomeSubject = {
  purpose: 'reservation',
  plateNumber: 'ZM-777-VIP',
  reservedUntil: '2026-03-13T08:00:00.000Z',
};
const renewal: PaymentOutcomeSubject = { purpose: 'renewal', plateNumber: 'ZM-123-ABC' };

describe('paymentOutcome', () => {
  it('leads a declined card payment for an application with the decline, not "Application Submitted!"', () => {
    const outcome = paymentOutcome(
      { ...payment, status: 'declined', declineReason: 'Card declined by the issuer.' },
      application,
    );
    expect(outcome).toMatchObject({
      kind: 'declined',
      palette: 'red',
      icon: 'warning',
      heading: 'Card payment declined',
      mayPayAgain: true,
    });
    expect(outcome.text).toBe(
      'Your payment of K315.00 by Credit/Debit Card was declined: Card declined by the issuer. Nothing was charged. Your application LP-000012 is saved, but it is not processed until it is paid.',
    );
    expect(outcome.nextStep).toBe(
      'Try another card, or pay by mobile money or bank transfer below, or later from My Plates & Orders.',
    );
  });

  it("keeps the spec's confirmation words for an application that is paid", () => {
    expect(paymentOutcome(payment, application)).toMatchObject({
      kind: 'paid',
      palette: 'green',
      icon: 'check',
      heading: 'Application Submitted!',
      text: 'Your application for 2 plates has been submitted successfully. You will receive a confirmation email shortly.',
      mayPayAgain: false,
    });
  });

  it('asks for approval on the handset while a mobile money payment is pending', () => {
    const outcome = paymentOutcome(
      { ...payment, status: 'pending', method: 'airtel', payerPhone: '+260971234567' },
      application,
    );
    expect(outcome).toMatchObject({
      kind: 'awaiting-handset',
      palette: 'orange',
      icon: 'phone',
      heading: 'Approve the payment on your phone',
    });
    expect(outcome.text).toContain('A request to pay K315.00 by Airtel Money was sent to +260971234567.');
    expect(outcome.nextStep).toMatch(/^Approve the prompt on your phone/);
  });

  it('gives the reference and says what follows while a bank transfer is awaited', () => {
    const outcome = paymentOutcome({ ...payment, status: 'pending', method: 'bank' }, application);
    expect(outcome).toMatchObject({
      kind: 'awaiting-transfer',
      heading: 'Waiting for your bank transfer',
      mayPayAgain: false,
    });
    expect(outcome.text).toBe(
      'Transfer K315.00 quoting the reference PAY-000042; the bank details are below. Nothing is paid until the money arrives.',
    );
    expect(outcome.nextStep).toBe(
      'Once the money arrives the transfer is confirmed and you are told by email and SMS; your application LP-000012 then goes for processing.',
    );
  });

  it('tells a marketplace buyer paying by bank transfer how long the plate is held', () => {
    const outcome = paymentOutcome({ ...payment, status: 'pending', method: 'bank' }, purchase);
    expect(outcome.text).toContain('The plate is held for you until 9 Mar 2026.');
    expect(bankTransferHoldEnds(payment.createdAt).getTime() - Date.parse(payment.createdAt)).toBe(
      BANK_TRANSFER_HOLD_MS,
    );
  });

  it('names what a paid purchase, reservation and renewal did', () => {
    expect(paymentOutcome(payment, purchase).heading).toBe('The plate is yours');
    expect(paymentOutcome(payment, reservation).heading).toBe('Reserved for you until 13 Mar 2026');
    expect(paymentOutcome(payment, { ...reservation, reservedUntil: null }).heading).toBe('Reserved for you');
    expect(paymentOutcome(payment, renewal).heading).toBe('Plate ZM-123-ABC is renewed');
  });

  it('says the plate is no longer held after a declined marketplace payment, and how to try again', () => {
    const outcome = paymentOutcome({ ...payment, status: 'timed_out', method: 'mtn' }, reservation);
    expect(outcome.heading).toBe('Payment not approved in time');
    expect(outcome.text).toContain('Plate ZM-777-VIP is not reserved and is no longer held for you.');
    expect(outcome.nextStep).toBe(
      'Pay again with the same or another method: choose Try again while the plate is still available.',
    );
  });

  it("sends a pending card payment to the card provider's page, where the card is entered", () => {
    const outcome = paymentOutcome({ ...payment, status: 'pending' }, application);
    expect(outcome).toMatchObject({ kind: 'awaiting-card', heading: 'Pay on the card page', mayPayAgain: false });
    expect(outcome.nextStep).toBe("Pay K315.00 on the card provider's page; you come back here when it is done.");
    expect(`${outcome.heading} ${outcome.text} ${outcome.nextStep}`).not.toMatch(/enter (your|the) card/i);
  });

  it('says a card page left unused closed, not that a phone did not approve it', () => {
    const outcome = paymentOutcome({ ...payment, status: 'timed_out' }, purchase);
    expect(outcome.heading).toBe('Card page closed');
    expect(outcome.text).toBe(
      'The card page for K315.00 was left unused and closed. Nothing was charged. Plate ZM-777-VIP is not yours yet and is no longer held for you.',
    );
    expect(outcome.text).not.toContain('phone');
  });

  it('says where to pay again on a screen that offers no new attempt itself (a receipt)', () => {
    const declined = { ...payment, status: 'declined' as const };
    const elsewhere = { isAgainHere: false };
    expect(paymentOutcome(declined, application, elsewhere).nextStep).toBe(
      'Try another card, or pay by mobile money or bank transfer from My Plates & Orders.',
    );
    expect(paymentOutcome(declined, purchase, elsewhere).nextStep).toBe(
      'Try another card, or pay by mobile money or bank transfer in the marketplace while the plate is still available.',
    );
    expect(paymentOutcome({ ...declined, method: 'mtn' }, renewal, elsewhere).nextStep).toBe(
      'Pay again with the same or another method from My Dashboard.',
    );
  });

  it('promises a refund, not the plate, for a late approval', () => {
    expect(paymentOutcome({ ...payment, refundDue: true }, purchase)).toMatchObject({
      kind: 'refund-due',
      palette: 'orange',
      heading: 'Your payment will be refunded',
    });
  });

  const subjects = fc.constantFrom(
    application,
    purchase,
    reservation,
    { ...reservation, reservedUntil: null },
    renewal,
  );
  const payments = fc.record({
    status: fc.constantFrom(...PAYMENT_STATUSES),
    method: fc.constantFrom(...PAYMENT_METHOD_IDS),
    amount: fc.integer({ min: 1, max: 10_000_000 }),
    refundDue: fc.boolean(),
    declineReason: fc.option(fc.constantFrom('Insufficient funds', 'Card declined by the issuer.')),
    payerPhone: fc.option(fc.constant('+260961234567')),
  });

  it('shows success (green, "Application Submitted!") only for money really received, and red only when nothing was paid', () => {
    fc.assert(
      fc.property(payments, subjects, (facts, subject) => {
        const outcome = paymentOutcome({ ...payment, ...facts }, subject);
        const isPaid = facts.status === 'approved' && !facts.refundDue;
        expect(outcome.palette === 'green').toBe(isPaid);
        expect(outcome.heading === APPLICATION_SUBMITTED).toBe(isPaid && subject.purpose === 'application');
        const isOver = facts.status === 'declined' || facts.status === 'timed_out' || facts.status === 'cancelled';
        expect(outcome.palette === 'red').toBe(isOver);
        expect(outcome.mayPayAgain).toBe(isOver);
        if (isOver) expect(outcome.text).toContain('Nothing was charged.');
        expect(outcome.heading.length).toBeGreaterThan(0);
        expect(outcome.nextStep.length).toBeGreaterThan(0);
      }),
    );
  });
});
