import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '#domain/ids/uuid-v7';
import { kwacha, ngwee } from '#domain/money/money';
import { PAYMENT_METHOD_IDS } from '#domain/pricing/pricing';
import type { PaymentMethodId } from '#domain/pricing/pricing';
import {
  CARD_NUMBER_INVALID,
  cardOutcome,
  checkMobileMoneyPhone,
  checkPayerDetails,
  createPayment,
  effectivePayment,
  effectivePaymentStatus,
  EVENTS_BY_METHOD,
  idempotencyKeyIsValid,
  isExpired,
  isIdempotentReplay,
  isRequestToPay,
  luhnValid,
  normaliseCardNumber,
  NOT_A_TEST_CARD,
  PAYER_PHONE_REQUIRED,
  paymentExpiresAt,
  REQUEST_TO_PAY_TIMEOUT_MS,
  SANDBOX_TEST_CARDS,
  transition,
} from '#domain/payments/payment';
import type { Payment, PaymentEvent } from '#domain/payments/payment';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const CREATED = new Date('2026-11-22T08:30:00.000Z');
const at = (ms: number) => new Date(CREATED.getTime() + ms);
const KEY = uuidv7(CREATED.getTime(), new Uint8Array(10).fill(7));

function pending(method: PaymentMethodId): Payment {
  return createPayment({ id: `pay-${method}`, idempotencyKey: KEY, method, amount: kwacha(1540), now: CREATED });
}

const approve: PaymentEvent = { type: 'approve' };
const decline: PaymentEvent = { type: 'decline', reason: 'Insufficient funds' };
const timeOut: PaymentEvent = { type: 'time_out' };
const cancel: PaymentEvent = { type: 'cancel' };

describe('createPayment', () => {
  it('starts pending with nothing settled', () => {
    expect(pending('mtn')).toEqual({
      id: 'pay-mtn',
      idempotencyKey: KEY,
      method: 'mtn',
      amount: kwacha(1540),
      status: 'pending',
      createdAt: '2026-11-22T08:30:00.000Z',
      settledAt: null,
      declineReason: null,
    });
  });

  it('refuses an amount of nothing and a key that is not a UUID', () => {
    expect(() =>
      createPayment({ id: 'p', idempotencyKey: KEY, method: 'card', amount: ngwee(0), now: CREATED }),
    ).toThrow(RangeError);
    expect(() =>
      createPayment({ id: 'p', idempotencyKey: 'retry-1', method: 'card', amount: ngwee(100), now: CREATED }),
    ).toThrow(RangeError);
  });
});

describe('request-to-pay time-out', () => {
  it('defaults to two minutes', () => {
    expect(REQUEST_TO_PAY_TIMEOUT_MS).toBe(2 * MINUTE);
    expect(paymentExpiresAt(pending('airtel'))).toEqual(at(2 * MINUTE));
  });

  it('applies to mobile money only', () => {
    expect(PAYMENT_METHOD_IDS.filter(isRequestToPay)).toEqual(['mtn', 'airtel']);
    expect(paymentExpiresAt(pending('card'))).toBeNull();
    expect(isExpired(pending('bank'), at(30 * 24 * 60 * MINUTE))).toBe(false);
  });

  it('is not expired a moment before the timeout and expired from the timeout on', () => {
    expect(isExpired(pending('mtn'), at(2 * MINUTE - 1))).toBe(false);
    expect(isExpired(pending('mtn'), at(2 * MINUTE))).toBe(true);
    expect(isExpired(pending('mtn'), at(30 * SECOND), 20 * SECOND)).toBe(true);
  });

  it('reads as timed out, settled at the instant it lapsed', () => {
    const late = effectivePayment(pending('mtn'), at(10 * MINUTE));
    expect(late.status).toBe('timed_out');
    expect(late.settledAt).toBe(at(2 * MINUTE).toISOString());
    expect(effectivePaymentStatus(pending('mtn'), at(MINUTE))).toBe('pending');
  });

  it('leaves a settled payment alone after the timeout', () => {
    const approved = transition(pending('mtn'), approve, at(MINUTE));
    if (!approved.ok) throw new Error('expected approval');
    expect(isExpired(approved.payment, at(10 * MINUTE))).toBe(false);
    expect(effectivePayment(approved.payment, at(10 * MINUTE))).toBe(approved.payment);
  });
});

describe('transition', () => {
  it('settles a mobile money request as approved, declined or timed out', () => {
    expect(transition(pending('mtn'), approve, at(MINUTE))).toEqual({
      ok: true,
      changed: true,
      payment: { ...pending('mtn'), status: 'approved', settledAt: at(MINUTE).toISOString() },
    });
    expect(transition(pending('airtel'), decline, at(MINUTE))).toEqual({
      ok: true,
      changed: true,
      payment: {
        ...pending('airtel'),
        status: 'declined',
        settledAt: at(MINUTE).toISOString(),
        declineReason: 'Insufficient funds',
      },
    });
    const early = transition(pending('mtn'), timeOut, at(MINUTE));
    expect(early.ok && early.payment.status).toBe('timed_out');
  });

  it("settles a card as the card provider's page reports it: approved, declined or cancelled", () => {
    expect(transition(pending('card'), approve, CREATED)).toMatchObject({ ok: true, payment: { status: 'approved' } });
    expect(transition(pending('card'), decline, CREATED)).toMatchObject({ ok: true, payment: { status: 'declined' } });
    expect(transition(pending('card'), cancel, CREATED)).toMatchObject({ ok: true, payment: { status: 'cancelled' } });
  });

  it('keeps a bank transfer pending until it is marked received or cancelled', () => {
    expect(effectivePaymentStatus(pending('bank'), at(7 * 24 * 60 * MINUTE))).toBe('pending');
    expect(transition(pending('bank'), approve, at(MINUTE))).toMatchObject({
      ok: true,
      payment: { status: 'approved' },
    });
    expect(transition(pending('bank'), cancel, at(MINUTE))).toMatchObject({
      ok: true,
      payment: { status: 'cancelled' },
    });
  });

  it('refuses events a method cannot produce', () => {
    expect(transition(pending('mtn'), cancel, at(MINUTE))).toEqual({
      ok: false,
      reason: 'not-allowed-for-method',
      message: 'A mobile money request cannot be cancelled; it is approved or declined on the phone, or it times out.',
      payment: pending('mtn'),
    });
    // A card's page left unused is closed by its provider, which reports the payment timed out.
    expect(transition(pending('card'), timeOut, CREATED)).toMatchObject({ ok: true, payment: { status: 'timed_out' } });
    expect(transition(pending('bank'), decline, CREATED)).toMatchObject({
      ok: false,
      reason: 'not-allowed-for-method',
      message: 'A bank transfer stays pending until an administrator marks it received or cancels it.',
    });
  });

  it('accepts the settling event again without changing anything', () => {
    const first = transition(pending('mtn'), approve, at(MINUTE));
    if (!first.ok) throw new Error('expected approval');
    expect(transition(first.payment, approve, at(5 * MINUTE))).toEqual({
      ok: true,
      payment: first.payment,
      changed: false,
    });
  });

  it('keeps the first decline reason when a decline is reported twice', () => {
    const first = transition(pending('card'), decline, CREATED);
    if (!first.ok) throw new Error('expected decline');
    const again = transition(first.payment, { type: 'decline', reason: 'Card expired' }, at(SECOND));
    expect(again).toEqual({ ok: true, payment: first.payment, changed: false });
  });

  it('refuses a different event on a settled payment, saying how it ended', () => {
    const approved = transition(pending('mtn'), approve, at(MINUTE));
    if (!approved.ok) throw new Error('expected approval');
    expect(transition(approved.payment, decline, at(MINUTE))).toEqual({
      ok: false,
      reason: 'already-settled',
      message: 'This payment has already been approved.',
      payment: approved.payment,
    });
    const cancelled = transition(pending('bank'), cancel, at(MINUTE));
    if (!cancelled.ok) throw new Error('expected cancellation');
    expect(transition(cancelled.payment, approve, at(MINUTE))).toMatchObject({
      ok: false,
      message: 'This payment was cancelled. Please start a new payment.',
    });
    const declined = transition(pending('card'), decline, CREATED);
    if (!declined.ok) throw new Error('expected decline');
    expect(transition(declined.payment, approve, CREATED)).toMatchObject({
      ok: false,
      message: 'This payment was declined. Please start a new payment.',
    });
  });

  it('refuses a late approval of a request that timed out, and hands back the timed-out payment', () => {
    const result = transition(pending('mtn'), approve, at(2 * MINUTE));
    expect(result).toEqual({
      ok: false,
      reason: 'already-settled',
      message: 'This payment request timed out. Please start a new payment.',
      payment: { ...pending('mtn'), status: 'timed_out', settledAt: at(2 * MINUTE).toISOString() },
    });
  });

  it('records a late time-out report as a change of the stored payment, settled when it lapsed', () => {
    expect(transition(pending('airtel'), timeOut, at(5 * MINUTE))).toEqual({
      ok: true,
      changed: true,
      payment: { ...pending('airtel'), status: 'timed_out', settledAt: at(2 * MINUTE).toISOString() },
    });
  });

  it('gives a decline without a reason a generic one', () => {
    expect(transition(pending('card'), { type: 'decline', reason: '  ' }, CREATED)).toMatchObject({
      ok: true,
      payment: { declineReason: 'Payment declined' },
    });
  });

  it('only approves, declines or times out mobile money; never cancels it', () => {
    expect(EVENTS_BY_METHOD).toEqual({
      mtn: ['approve', 'decline', 'time_out'],
      airtel: ['approve', 'decline', 'time_out'],
      card: ['approve', 'decline', 'cancel', 'time_out'],
      bank: ['approve', 'cancel'],
    });
  });
});

describe('transition properties', () => {
  const eventArb: fc.Arbitrary<PaymentEvent> = fc.oneof(
    fc.constant(approve),
    fc.string({ maxLength: 8 }).map((reason): PaymentEvent => ({ type: 'decline', reason })),
    fc.constant(timeOut),
    fc.constant(cancel),
  );
  const stepArb = fc.tuple(eventArb, fc.integer({ min: 0, max: 20 * SECOND }));

  it('never changes a payment again once it is settled', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PAYMENT_METHOD_IDS), fc.array(stepArb, { maxLength: 20 }), (method, steps) => {
        let payment = pending(method);
        let elapsed = 0;
        let settled: Payment | null = null;
        for (const [event, wait] of steps) {
          elapsed += wait;
          const result = transition(payment, event, at(elapsed));
          if (settled !== null) {
            // Status, settlement time and reason are fixed; the only ok answer is an unchanged one.
            expect(result.payment).toEqual(settled);
            if (result.ok) expect(result.changed).toBe(false);
          }
          if (result.ok || result.payment.status !== 'pending') payment = result.payment;
          if (payment.status !== 'pending' && settled === null) settled = payment;
        }
      }),
    );
  });

  it('accepts the settling event a second time with changed: false', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PAYMENT_METHOD_IDS),
        eventArb,
        fc.integer({ min: 0, max: 5 * MINUTE }),
        (method, event, wait) => {
          const first = transition(pending(method), event, at(wait));
          if (!first.ok) return;
          expect(transition(first.payment, event, at(wait + SECOND))).toEqual({
            ok: true,
            payment: first.payment,
            changed: false,
          });
        },
      ),
    );
  });
});

describe('cards', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('4242 4242')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('reads numbers typed with spaces or hyphens, 13 to 19 digits', () => {
    expect(normaliseCardNumber(' 4242 4242-4242 4242 ')).toBe('4242424242424242');
    expect(normaliseCardNumber('424242424242')).toBeNull();
    expect(normaliseCardNumber('42424242424242424242')).toBeNull();
    expect(normaliseCardNumber('4242 4242 4242 424x')).toBeNull();
  });

  it('documents only test cards that pass the Luhn check, each once', () => {
    for (const card of SANDBOX_TEST_CARDS) expect(luhnValid(card.number)).toBe(true);
    expect(new Set(SANDBOX_TEST_CARDS.map((card) => card.number)).size).toBe(SANDBOX_TEST_CARDS.length);
  });

  it('approves 4242 4242 4242 4242 and declines 4000 0000 0000 0002 for insufficient funds', () => {
    expect(cardOutcome('4242 4242 4242 4242')).toEqual({ kind: 'approve' });
    expect(cardOutcome('5555 5555 5555 4444')).toEqual({ kind: 'approve' });
    expect(cardOutcome('4000 0000 0000 0002')).toEqual({ kind: 'decline', reason: 'Insufficient funds' });
    expect(cardOutcome('4000000000000069')).toEqual({ kind: 'decline', reason: 'Card expired' });
  });

  it('calls a number that fails the Luhn check or the length invalid', () => {
    expect(cardOutcome('4242 4242 4242 4241')).toEqual({ kind: 'invalid', message: 'Card number is not valid' });
    expect(cardOutcome('4242')).toEqual({ kind: 'invalid', message: CARD_NUMBER_INVALID });
    expect(cardOutcome('')).toEqual({ kind: 'invalid', message: CARD_NUMBER_INVALID });
  });

  it('declines a valid number that is not a test card', () => {
    expect(cardOutcome('4111 1111 1111 1111')).toEqual({ kind: 'decline', reason: NOT_A_TEST_CARD });
  });

  it('agrees with a reference Luhn on random digit strings', () => {
    // The textbook statement: the check digit makes the doubled-digit sum a multiple of 10.
    const reference = (digits: string) => {
      const sum = [...digits]
        .reverse()
        .map(Number)
        .map((d, i) => (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d))
        .reduce((a, b) => a + b, 0);
      return sum % 10 === 0;
    };
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 19 }), (digits) => {
        expect(luhnValid(digits)).toBe(reference(digits));
      }),
    );
  });

  it('catches every single-digit typo in a test card', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SANDBOX_TEST_CARDS),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (card, position, shift) => {
          const i = position % card.number.length;
          const typo =
            card.number.slice(0, i) + String((Number(card.number[i]) + shift) % 10) + card.number.slice(i + 1);
          expect(luhnValid(typo)).toBe(false);
          expect(cardOutcome(typo).kind).toBe('invalid');
        },
      ),
    );
  });
});

describe('mobile money numbers', () => {
  it('accepts MTN numbers starting 096 or 076 in any common form', () => {
    expect(checkMobileMoneyPhone('mtn', '+260 96 123 4567')).toEqual({ ok: true, phone: '+260961234567' });
    expect(checkMobileMoneyPhone('mtn', '0761234567')).toEqual({ ok: true, phone: '+260761234567' });
  });

  it('accepts Airtel numbers starting 097 or 077', () => {
    expect(checkMobileMoneyPhone('airtel', '097-123-4567')).toEqual({ ok: true, phone: '+260971234567' });
    expect(checkMobileMoneyPhone('airtel', '260771234567')).toEqual({ ok: true, phone: '+260771234567' });
  });

  it('says which prefixes the chosen network uses when the number is on another one', () => {
    expect(checkMobileMoneyPhone('mtn', '0971234567')).toEqual({
      ok: false,
      message: 'This number is not on MTN Mobile Money. MTN numbers start with 096 or 076.',
    });
    expect(checkMobileMoneyPhone('airtel', '+260961234567')).toEqual({
      ok: false,
      message: 'This number is not on Airtel Money. Airtel numbers start with 097 or 077.',
    });
    expect(checkMobileMoneyPhone('airtel', '0951234567')).toMatchObject({ ok: false });
  });

  it('asks for a Zambian number when it is not one', () => {
    expect(checkMobileMoneyPhone('mtn', '+27 82 123 4567')).toEqual({
      ok: false,
      message: 'Enter a Zambian mobile number like +260 96 123 4567',
    });
    expect(checkMobileMoneyPhone('airtel', '12345')).toEqual({
      ok: false,
      message: 'Enter a Zambian mobile number like +260 97 123 4567',
    });
  });
});

describe('idempotency', () => {
  it('accepts a lowercase UUID key and nothing else', () => {
    expect(idempotencyKeyIsValid(KEY)).toBe(true);
    expect(idempotencyKeyIsValid('0192f3a4-5b6c-7d8e-9f01-23456789abcd')).toBe(true);
    expect(idempotencyKeyIsValid(KEY.toUpperCase())).toBe(false);
    expect(idempotencyKeyIsValid('order-42')).toBe(false);
    expect(idempotencyKeyIsValid('')).toBe(false);
    expect(idempotencyKeyIsValid(42)).toBe(false);
  });

  it('treats the same method and amount as a replay and anything else as a conflict', () => {
    const stored = pending('mtn');
    expect(isIdempotentReplay(stored, { method: 'mtn', amount: kwacha(1540) })).toBe(true);
    expect(isIdempotentReplay(stored, { method: 'airtel', amount: kwacha(1540) })).toBe(false);
    expect(isIdempotentReplay(stored, { method: 'mtn', amount: kwacha(1541) })).toBe(false);
  });
});

describe('checkPayerDetails (the payer’s wallet number or card, before the server is asked)', () => {
  it('asks for what the method needs, and nothing for a bank transfer', () => {
    expect(checkPayerDetails('mtn', '  ')).toEqual({ ok: false, field: 'phone', message: PAYER_PHONE_REQUIRED });
    // A card is entered on the card provider's page, never in Nambala.
    expect(checkPayerDetails('card', '0961234567')).toEqual({ ok: true });
    expect(checkPayerDetails('bank', '')).toEqual({ ok: true });
    expect(checkPayerDetails(null, '')).toEqual({ ok: true });
  });

  it('answers in the form the server stores: +260 numbers', () => {
    expect(checkPayerDetails('airtel', '077 123 4567')).toEqual({ ok: true, phone: '+260771234567' });
  });
});
