/**
 * The embedded payment provider: it charges nobody but behaves like the real methods.
 * MTN and Airtel numbers get a request-to-pay that waits (pending) until the payer
 * answers the simulated handset prompt in the app, or times out; documented test cards
 * are approved or declined at once; a bank transfer waits for an administrator to mark
 * the money received. It keeps no state of its own: the payment row is the state, so
 * any number of server instances share it.
 */
import {
  cardOutcome,
  checkMobileMoneyPhone,
  normaliseCardNumber,
  type PaymentEvent,
  SANDBOX_TEST_CARDS,
} from '#domain/payments/payment';
import type { RefundEvent } from '#domain/payments/refund';
import type { PaymentMethodId } from '#domain/pricing/pricing';
import type {
  CheckedDetails,
  DetailsCheck,
  PaymentDetails,
  PaymentProvider,
  PaymentRequest,
  ProviderAnswer,
  RefundAnswer,
  RefundRequest,
} from './provider';

export const PHONE_REQUIRED = 'Enter the mobile money number to send the payment request to';
export const DECLINED_ON_HANDSET = 'Declined on the phone';

/** The answer the payer gives on the simulated handset prompt. */
export type SandboxPromptAnswer = 'approve' | 'decline';

export function sandboxPromptEvent(answer: SandboxPromptAnswer): PaymentEvent {
  return answer === 'approve' ? { type: 'approve' } : { type: 'decline', reason: DECLINED_ON_HANDSET };
}

function cardBrand(digits: string): string {
  const known = SANDBOX_TEST_CARDS.find((card) => card.number === digits);
  if (known) return known.brand;
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  return 'Card';
}

function chargeEvent(cardNumber: string): PaymentEvent {
  const outcome = cardOutcome(cardNumber);
  if (outcome.kind === 'approve') return { type: 'approve' };
  return { type: 'decline', reason: outcome.kind === 'decline' ? outcome.reason : outcome.message };
}

/** How long a sandbox refund stays pending before it is refunded, like a real provider's settlement. */
export const SANDBOX_REFUND_DELAY_MS = 5_000;
/**
 * The sandbox's refund test card: a payment made with it is approved, and the first attempt
 * to refund it fails (a retry succeeds), so a failed refund and its retry can be shown.
 */
export const REFUND_FAILS_CARD = { number: '4000000000005126', last4: '5126' } as const;
export const SANDBOX_REFUND_FAILURE = 'The card issuer refused the refund (sandbox test card 4000 0000 0000 5126)';

const REFUND_FAILS_MARK = '-fails';

export function sandboxProvider(): PaymentProvider {
  const providerRef = (paymentId: string) => `sandbox-${paymentId}`;
  return {
    name: 'sandbox',
    isSandbox: true,

    checkDetails(method: PaymentMethodId, details: PaymentDetails): DetailsCheck {
      if (method === 'mtn' || method === 'airtel') {
        if (!details.phone?.trim()) return { ok: false, field: 'phone', message: PHONE_REQUIRED };
        const phone = checkMobileMoneyPhone(method, details.phone);
        return phone.ok
          ? { ok: true, details: { payerPhone: phone.phone, card: null } }
          : { ok: false, field: 'phone', message: phone.message };
      }
      if (method === 'card' && details.card) {
        const outcome = cardOutcome(details.card.number);
        if (outcome.kind === 'invalid') return { ok: false, field: 'card', message: outcome.message };
        const digits = normaliseCardNumber(details.card.number) ?? '';
        return {
          ok: true,
          details: { payerPhone: null, card: { number: digits, brand: cardBrand(digits), last4: digits.slice(-4) } },
        };
      }
      return { ok: true, details: { payerPhone: null, card: null } satisfies CheckedDetails };
    },

    async requestPayment(request: PaymentRequest): Promise<ProviderAnswer> {
      const ref = providerRef(request.paymentId);
      if (request.method === 'card' && request.details.card)
        return { providerRef: ref, event: chargeEvent(request.details.card.number) };
      // Mobile money waits for the handset; bank waits for the money; a card without its number waits for the card step.
      return { providerRef: ref, event: null };
    },

    async chargeCard(request): Promise<ProviderAnswer> {
      const ref = request.providerRef ?? providerRef(request.paymentId);
      return { providerRef: ref, event: request.details.card ? chargeEvent(request.details.card.number) : null };
    },

    // Everything the sandbox learns arrives at once or through the prompt route, like a provider's callback.
    async status(): Promise<PaymentEvent | null> {
      return null;
    },

    // A refund waits a few seconds, then is refunded; the first attempt on the refund test card fails instead.
    async refund(request: RefundRequest): Promise<RefundAnswer> {
      const fails = request.card?.last4 === REFUND_FAILS_CARD.last4 && request.idempotencyKey.endsWith(':1');
      return { providerRef: `sandbox-refund-${request.idempotencyKey}${fails ? REFUND_FAILS_MARK : ''}`, event: null };
    },

    async refundStatus(refund: { providerRef: string; attemptedAt: string }, at: Date): Promise<RefundEvent | null> {
      if (at.getTime() - Date.parse(refund.attemptedAt) < SANDBOX_REFUND_DELAY_MS) return null;
      return refund.providerRef.endsWith(REFUND_FAILS_MARK)
        ? { type: 'fail', reason: SANDBOX_REFUND_FAILURE }
        : { type: 'refunded' };
    },

    instructions(method: PaymentMethodId, reference: string): string | null {
      if (method !== 'bank') return null;
      return `Transfer the amount to Nambala Plates Ltd, ZANACO Cairo Road branch, account 0000 1234 5678 (sandbox: no real account), quoting ${reference}. Your payment is confirmed once the money has arrived.`;
    },
  };
}
