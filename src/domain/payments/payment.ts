// A payment's life, the same for the embedded sandbox provider and any real one (brief: money and
// business rules). The provider reports events; this module decides what they do to the payment.
// Mobile money (MTN, Airtel) is request-to-pay: the buyer gets a prompt on the handset and the
// payment waits, pending, until it is approved, declined or times out. A card is paid on the card
// provider's own page (a hosted checkout): it waits until the provider reports it approved or
// declined, the payer cancels on that page, or the page expires unused (timed out). A bank transfer waits until an administrator marks the money received.
// A settled payment never changes again, so a provider that reports twice, a retried callback or
// a double click cannot turn an approval into a decline or charge twice.
import { normalisePhone } from '../validation/identity-checks';
import { isUuid } from '../ids/uuid-v7';
import type { Uuid } from '../ids/uuid-v7';
import type { Ngwee } from '../money/money';
import type { PaymentMethodId } from '../pricing/pricing';

export const PAYMENT_STATUSES = ['pending', 'approved', 'declined', 'timed_out', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type SettledPaymentStatus = Exclude<PaymentStatus, 'pending'>;

export interface Payment {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly method: PaymentMethodId;
  readonly amount: Ngwee;
  readonly status: PaymentStatus;
  /** ISO instants. settledAt is null while pending. */
  readonly createdAt: string;
  readonly settledAt: string | null;
  /** Why the provider declined; null unless status is declined. */
  readonly declineReason: string | null;
}

export type PaymentEvent =
  | { readonly type: 'approve' }
  | { readonly type: 'decline'; readonly reason: string }
  | { readonly type: 'time_out' }
  | { readonly type: 'cancel' };
export type PaymentEventType = PaymentEvent['type'];

const SETTLES_AS: Record<PaymentEventType, SettledPaymentStatus> = {
  approve: 'approved',
  decline: 'declined',
  time_out: 'timed_out',
  cancel: 'cancelled',
};

/**
 * The events each method can report while a payment is pending. Nobody can cancel a mobile-money
 * prompt once it is on the handset, so it ends by approval, decline or time-out; a card ends by
 * approval or decline, by the payer's Cancel on the card provider's page, or by time-out when the
 * provider closes a page left unused; a bank transfer is only ever marked received (approve) or
 * cancelled by an administrator.
 */
export const EVENTS_BY_METHOD: Readonly<Record<PaymentMethodId, readonly PaymentEventType[]>> = {
  mtn: ['approve', 'decline', 'time_out'],
  airtel: ['approve', 'decline', 'time_out'],
  card: ['approve', 'decline', 'cancel', 'time_out'],
  bank: ['approve', 'cancel'],
};

const NOT_ALLOWED_MESSAGES: Record<PaymentMethodId, string> = {
  mtn: 'A mobile money request cannot be cancelled; it is approved or declined on the phone, or it times out.',
  airtel: 'A mobile money request cannot be cancelled; it is approved or declined on the phone, or it times out.',
  card: "A card payment is approved, declined or cancelled on the card provider's page, or times out there.",
  bank: 'A bank transfer stays pending until an administrator marks it received or cancels it.',
};

const SETTLED_MESSAGES: Record<SettledPaymentStatus, string> = {
  approved: 'This payment has already been approved.',
  declined: 'This payment was declined. Please start a new payment.',
  timed_out: 'This payment request timed out. Please start a new payment.',
  cancelled: 'This payment was cancelled. Please start a new payment.',
};

/** How long a mobile-money prompt waits for the buyer before the payment reads as timed out. */
export const REQUEST_TO_PAY_TIMEOUT_MS = 2 * 60 * 1000;

export function isRequestToPay(method: PaymentMethodId | null): method is MobileMoneyMethod {
  return method === 'mtn' || method === 'airtel';
}

export interface NewPayment {
  readonly id: string;
  readonly idempotencyKey: string;
  readonly method: PaymentMethodId;
  readonly amount: Ngwee;
  readonly now: Date;
}

/** A pending payment. Callers check the amount and key first; a bad one here is a programming error. */
export function createPayment(input: NewPayment): Payment {
  if (input.amount <= 0) throw new RangeError(`A payment must be for more than nothing, got ${input.amount} ngwee`);
  if (!idempotencyKeyIsValid(input.idempotencyKey))
    throw new RangeError(`Idempotency key must be a lowercase UUID, got ${input.idempotencyKey}`);
  return {
    id: input.id,
    idempotencyKey: input.idempotencyKey,
    method: input.method,
    amount: input.amount,
    status: 'pending',
    createdAt: input.now.toISOString(),
    settledAt: null,
    declineReason: null,
  };
}

/** The instant a pending request-to-pay lapses; null for methods that do not time out. */
export function paymentExpiresAt(
  payment: Pick<Payment, 'method' | 'createdAt'>,
  timeoutMs: number = REQUEST_TO_PAY_TIMEOUT_MS,
): Date | null {
  return isRequestToPay(payment.method) ? new Date(Date.parse(payment.createdAt) + timeoutMs) : null;
}

/**
 * True when a request-to-pay is still stored as pending but its time is up at `now` (the boundary
 * instant included). Derived from time rather than a timer, so the payment reads as timed out even
 * when no process was running to record it.
 */
export function isExpired(payment: Payment, now: Date, timeoutMs: number = REQUEST_TO_PAY_TIMEOUT_MS): boolean {
  const expiresAt = paymentExpiresAt(payment, timeoutMs);
  return payment.status === 'pending' && expiresAt !== null && now.getTime() >= expiresAt.getTime();
}

/**
 * The payment as it stands at `now`: an expired request-to-pay becomes timed out, settled at the
 * instant it lapsed (not when someone looked), so every reader records the same settledAt.
 * Returns the same object when nothing changes.
 */
export function effectivePayment(payment: Payment, now: Date, timeoutMs: number = REQUEST_TO_PAY_TIMEOUT_MS): Payment {
  const expiresAt = paymentExpiresAt(payment, timeoutMs);
  if (expiresAt === null || !isExpired(payment, now, timeoutMs)) return payment;
  return { ...payment, status: 'timed_out', settledAt: expiresAt.toISOString() };
}

export function effectivePaymentStatus(
  payment: Payment,
  now: Date,
  timeoutMs: number = REQUEST_TO_PAY_TIMEOUT_MS,
): PaymentStatus {
  return effectivePayment(payment, now, timeoutMs).status;
}

export type PaymentRefusalReason = 'already-settled' | 'not-allowed-for-method';

export type TransitionResult =
  /** changed is false when the payment was already in the state the event leads to. */
  | { readonly ok: true; readonly payment: Payment; readonly changed: boolean }
  /** payment is the payment as it stands, e.g. a timed-out one, so the caller can store and show it. */
  | { readonly ok: false; readonly reason: PaymentRefusalReason; readonly message: string; readonly payment: Payment };

const DEFAULT_DECLINE_REASON = 'Payment declined';

/**
 * Applies a provider or administrator event at `now`. A settled payment (including one that has
 * timed out by time alone) never changes: the event that settled it is accepted again with
 * changed: false, so retries are harmless, and any other event is refused. A late approval of a
 * timed-out mobile-money request is therefore refused; a real provider's timeout must be set no
 * shorter than the provider's own prompt expiry, and an approval it reports afterwards is a refund
 * case for the operator, never a silent change of a settled payment.
 */
export function transition(
  payment: Payment,
  event: PaymentEvent,
  now: Date,
  timeoutMs: number = REQUEST_TO_PAY_TIMEOUT_MS,
): TransitionResult {
  const current = effectivePayment(payment, now, timeoutMs);
  const target = SETTLES_AS[event.type];
  if (current.status !== 'pending') {
    if (current.status === target) return { ok: true, payment: current, changed: current !== payment };
    return { ok: false, reason: 'already-settled', message: SETTLED_MESSAGES[current.status], payment: current };
  }
  if (!EVENTS_BY_METHOD[current.method].includes(event.type)) {
    return {
      ok: false,
      reason: 'not-allowed-for-method',
      message: NOT_ALLOWED_MESSAGES[current.method],
      payment: current,
    };
  }
  const declineReason = event.type === 'decline' ? event.reason.trim() || DEFAULT_DECLINE_REASON : null;
  return {
    ok: true,
    payment: { ...current, status: target, settledAt: now.toISOString(), declineReason },
    changed: true,
  };
}

// ---------------------------------------------------------------------------------------------
// Sandbox cards

export type CardOutcome =
  | { readonly kind: 'approve' }
  | { readonly kind: 'decline'; readonly reason: string }
  | { readonly kind: 'invalid'; readonly message: string };

export interface SandboxTestCard {
  readonly number: string;
  readonly brand: 'Visa' | 'Mastercard';
  readonly outcome: CardOutcome;
}

/**
 * The sandbox's test cards; any expiry date in the future and any CVC. Every number passes the
 * Luhn check, as a real card number does, so the same form validation applies to both.
 *
 * | Number              | Brand      | Result                         |
 * |---------------------|------------|--------------------------------|
 * | 4242 4242 4242 4242 | Visa       | approved                       |
 * | 5555 5555 5555 4444 | Mastercard | approved                       |
 * | 4000 0000 0000 0002 | Visa       | declined: insufficient funds   |
 * | 4000 0000 0000 0069 | Visa       | declined: card expired         |
 * | 4000 0000 0000 0119 | Visa       | declined: issuer unavailable   |
 * | 4000 0000 0000 5126 | Visa       | approved; its first refund fails |
 */
export const SANDBOX_TEST_CARDS: readonly SandboxTestCard[] = [
  { number: '4242424242424242', brand: 'Visa', outcome: { kind: 'approve' } },
  { number: '5555555555554444', brand: 'Mastercard', outcome: { kind: 'approve' } },
  { number: '4000000000000002', brand: 'Visa', outcome: { kind: 'decline', reason: 'Insufficient funds' } },
  { number: '4000000000000069', brand: 'Visa', outcome: { kind: 'decline', reason: 'Card expired' } },
  {
    number: '4000000000000119',
    brand: 'Visa',
    outcome: { kind: 'decline', reason: 'The card issuer is not available; try again later' },
  },
  // Approved; the sandbox's first attempt to refund a payment made with it fails (docs/payments.md, "Refunds").
  { number: '4000000000005126', brand: 'Visa', outcome: { kind: 'approve' } },
];

export const CARD_NUMBER_INVALID = 'Card number is not valid';

/**
 * Declines a valid number that is not in the table: the sandbox charges nobody, and approving a
 * real card number would suggest it had been charged.
 */
export const NOT_A_TEST_CARD = 'This is not a sandbox test card; use 4242 4242 4242 4242 to approve';

/** The digits of a card number typed with optional spaces or hyphens; null unless 13 to 19 digits. */
export function normaliseCardNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{13,19}$/.test(digits) ? digits : null;
}

/** The Luhn (mod 10) check that every card number carries; false for anything but digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Double every second digit counting from the rightmost (check) digit.
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What the sandbox does with a card number: approve, decline with a reason, or refuse it as invalid. */
export function cardOutcome(input: string): CardOutcome {
  const digits = normaliseCardNumber(input);
  if (digits === null || !luhnValid(digits)) return { kind: 'invalid', message: CARD_NUMBER_INVALID };
  return (
    SANDBOX_TEST_CARDS.find((card) => card.number === digits)?.outcome ?? { kind: 'decline', reason: NOT_A_TEST_CARD }
  );
}

// ---------------------------------------------------------------------------------------------
// Mobile money numbers

export type MobileMoneyMethod = Extract<PaymentMethodId, 'mtn' | 'airtel'>;

/** The two digits after +260 that each network's numbers start with (0 96… written locally). */
export const MOBILE_MONEY_PREFIXES: Readonly<Record<MobileMoneyMethod, readonly string[]>> = {
  mtn: ['96', '76'],
  airtel: ['97', '77'],
};

const NETWORK_NAMES: Record<MobileMoneyMethod, { readonly network: string; readonly wallet: string }> = {
  mtn: { network: 'MTN', wallet: 'MTN Mobile Money' },
  airtel: { network: 'Airtel', wallet: 'Airtel Money' },
};

export type MobileMoneyPhoneCheck =
  { readonly ok: true; readonly phone: string } | { readonly ok: false; readonly message: string };

/**
 * The number to send the request-to-pay prompt to, in +260 form, or a message saying why it will
 * not do: not a Zambian number at all, or a number on another network than the chosen wallet.
 */
export function checkMobileMoneyPhone(method: MobileMoneyMethod, input: string): MobileMoneyPhoneCheck {
  const prefixes = MOBILE_MONEY_PREFIXES[method];
  const { network, wallet } = NETWORK_NAMES[method];
  const phone = normalisePhone(input);
  if (phone === null)
    return { ok: false, message: `Enter a Zambian mobile number like +260 ${prefixes[0] ?? ''} 123 4567` };
  if (!prefixes.some((prefix) => phone.startsWith(`+260${prefix}`))) {
    const local = prefixes.map((prefix) => `0${prefix}`).join(' or ');
    return { ok: false, message: `This number is not on ${wallet}. ${network} numbers start with ${local}.` };
  }
  return { ok: true, phone };
}

// ---------------------------------------------------------------------------------------------
// What the payer gives besides the method

export const PAYER_PHONE_REQUIRED = 'Enter the mobile money number to send the payment request to';
export const CARD_NUMBER_REQUIRED = 'Enter the card number';

export type PayerDetailsCheck =
  | { readonly ok: true; readonly phone?: string }
  | { readonly ok: false; readonly field: 'phone'; readonly message: string };

/**
 * The wallet number a request-to-pay goes to (mobile money), checked as the server checks it so
 * a typo costs no round trip: the phone comes back in +260 form. A card needs nothing here: it is
 * entered on the card provider's own page (a hosted checkout), never in Nambala. Bank transfer
 * needs nothing either.
 */
export function checkPayerDetails(method: PaymentMethodId | null, phone: string): PayerDetailsCheck {
  if (isRequestToPay(method)) {
    if (phone.trim() === '') return { ok: false, field: 'phone', message: PAYER_PHONE_REQUIRED };
    const check = checkMobileMoneyPhone(method, phone);
    return check.ok ? { ok: true, phone: check.phone } : { ok: false, field: 'phone', message: check.message };
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Idempotency

/**
 * The rule: every request that starts a payment carries an idempotency key, a UUID the client
 * makes once per payment attempt (uuidv7) and keeps across retries, reloads and reconnects. The
 * server stores the key with the payment it created. A request with a key it has seen returns that
 * payment as it now stands and charges nothing; one that reuses a key for a different method or
 * amount is refused, since either answer would be a guess. A fresh attempt after a decline or a
 * time-out gets a fresh key. Keys are compared as written, so only the lowercase form that
 * uuidv7 and crypto.randomUUID produce is accepted.
 */
export function idempotencyKeyIsValid(key: unknown): key is Uuid {
  return typeof key === 'string' && isUuid(key);
}

/** Whether a request that repeats a stored payment's key asks for the same payment (a replay) or not (a conflict). */
export function isIdempotentReplay(
  stored: Pick<Payment, 'method' | 'amount'>,
  incoming: Pick<Payment, 'method' | 'amount'>,
): boolean {
  return stored.method === incoming.method && stored.amount === incoming.amount;
}
