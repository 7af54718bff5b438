/**
 * The embedded payment provider: it charges nobody but behaves like the real methods.
 * MTN and Airtel numbers get a request-to-pay that waits (pending) until the payer
 * answers the simulated handset prompt in the app, or times out; a card is paid on the
 * sandbox's own card page (/sandbox/pay/:token, a hosted checkout like a real card
 * provider's), where the documented test cards are approved or declined; a bank transfer
 * waits for an administrator to mark the money received. Nambala's payment row is the
 * payment's state; what the payer did on the card page is the sandbox's own record (its
 * memory, as a real provider keeps it on its own servers), which Nambala asks for.
 */
import { randomBytes } from 'node:crypto';
import { formatZmw, ngwee } from '#domain/money/money';
import {
  cardOutcome,
  checkMobileMoneyPhone,
  normaliseCardNumber,
  type PaymentEvent,
  SANDBOX_TEST_CARDS,
} from '#domain/payments/payment';
import type { RefundEvent } from '#domain/payments/refund';
import type { Queryable } from '../db/database';
import { type SandboxCheckout, sandboxCheckoutRepository } from '../repositories/sandbox-checkout-repository';
import type { PaymentMethodId } from '#domain/pricing/pricing';
import type {
  CheckedDetails,
  DetailsCheck,
  PaymentDetails,
  PaymentProvider,
  PaymentRequest,
  ProviderAnswer,
  ProviderStatus,
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

/** Where the sandbox's card page lives; the server answers it only with the sandbox provider. */
export const SANDBOX_CARD_PAGE_PATH = '/sandbox/pay';
export const CARD_PAGE_USED =
  'This payment page has already been used or does not exist. Go back to Nambala to see your payment.';
export const CARD_PAGE_EXPIRED =
  'This payment page has expired, and nothing was charged. Go back to Nambala to start a new payment.';
/**
 * How long a card page stays open, as a real provider's checkout session does. A payment left
 * there longer is reported timed out, and what it held (a marketplace plate) is released.
 */
export const SANDBOX_CHECKOUT_LIFETIME_MS = 30 * 60_000;
export const EXPIRY_INVALID = 'Enter the expiry date as MM/YY, in the future';
export const CVC_INVALID = 'Enter the 3 or 4 digit CVC';

/** What the payer sent from the card page (form fields, as typed). */
export interface CardPageForm {
  action?: string;
  number?: string;
  expiry?: string;
  cvc?: string;
}

export type CardPageAnswer = { kind: 'page'; status: number; html: string } | { kind: 'redirect'; location: string };

/** The sandbox's card page, served by the server's sandbox route. */
export interface SandboxCardPage {
  show(token: string): Promise<CardPageAnswer>;
  submit(token: string, form: CardPageForm): Promise<CardPageAnswer>;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** True for an MM/YY expiry that has not passed at `at` (a card is valid to the end of its month). */
function expiryValid(expiry: string, at: Date): boolean {
  const match = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return false;
  const year = 2000 + Number(match[2]);
  const month = Number(match[1]);
  return year * 12 + month >= at.getUTCFullYear() * 12 + at.getUTCMonth() + 1;
}

function cardPageHtml(checkout: SandboxCheckout, form: CardPageForm, error: string | null): string {
  const field = (name: 'number' | 'expiry' | 'cvc', label: string, extra: string) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" ${extra} value="${escapeHtml(form[name] ?? '')}">`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sandbox card payment</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:16px}
main{max-width:420px;margin:0 auto;background:#fff;border:2px dashed #a1a1aa;border-radius:8px;padding:20px}
h1{font-size:1.35rem;margin:0 0 4px}.test{background:#fef3c7;padding:6px 8px;border-radius:4px;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{color:#52525b}dd{margin:0;font-weight:600}
label{display:block;margin-top:12px;font-weight:600}input{width:100%;box-sizing:border-box;padding:10px;font-size:1rem;border:1px solid #71717a;border-radius:4px}
.row{display:flex;gap:12px}.row>div{flex:1}.error{color:#b91c1c;font-weight:600}
.actions{display:flex;gap:12px;margin-top:20px}button{flex:1;padding:12px;font-size:1rem;border-radius:4px;border:1px solid #3f3f46;cursor:pointer}
button[value=pay]{background:#1d4ed8;color:#fff;border-color:#1d4ed8}
</style></head>
<body><main>
<h1>Sandbox card payment</h1>
<p class="test">The test card provider's page: no real card is charged. Use a sandbox test card, such as 4242 4242 4242 4242.</p>
<dl><dt>Merchant</dt><dd>Nambala</dd><dt>Reference</dt><dd>${escapeHtml(checkout.reference)}</dd>
<dt>For</dt><dd>${escapeHtml(checkout.description)}</dd><dt>Amount</dt><dd>${escapeHtml(formatZmw(ngwee(checkout.amount)))}</dd></dl>
${error ? `<p class="error" role="alert" id="card-error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${SANDBOX_CARD_PAGE_PATH}/${encodeURIComponent(checkout.token)}">
${field('number', 'Card number', `inputmode="numeric" autocomplete="cc-number" maxlength="23"${error ? ' aria-describedby="card-error"' : ''}`)}
<div class="row"><div>${field('expiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"')}</div>
<div>${field('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}</div></div>
<div class="actions"><button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></div>
</form></main></body></html>`;
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

function closedPageHtml(message: string, back: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox card payment</title></head><body><main><h1>Sandbox card payment</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">Back to Nambala</a></p></main></body></html>`;
}

export type SandboxProvider = PaymentProvider & { cardPage: SandboxCardPage };

/** The sandbox's card page, when the provider is the sandbox. */
export function sandboxCardPage(provider: PaymentProvider): SandboxCardPage | null {
  return provider.isSandbox && 'cardPage' in provider ? (provider as SandboxProvider).cardPage : null;
}

/**
 * The sandbox provider. Its card pages are kept in the database (sandbox_card_checkouts), so
 * every server instance serves and settles the same page; `now` is the server's clock.
 */
export function sandboxProvider(db: Queryable, now: () => Date = () => new Date()): SandboxProvider {
  const providerRef = (paymentId: string) => `sandbox-${paymentId}`;
  const checkouts = sandboxCheckoutRepository(db);
  const expired = (checkout: SandboxCheckout) =>
    now().getTime() - checkout.createdAt.getTime() >= SANDBOX_CHECKOUT_LIFETIME_MS;
  /** The page's outcome as it stands: an open page past its lifetime is recorded expired (time_out). */
  const settled = async (checkout: SandboxCheckout): Promise<SandboxCheckout> => {
    if (checkout.outcome || !expired(checkout)) return checkout;
    return (
      (await checkouts.finish(checkout.token, { event: { type: 'time_out' }, card: null })) ??
      (await checkouts.byToken(checkout.token)) ??
      checkout
    );
  };
  /** The page, or why it cannot be used: gone (unknown or used), or expired. */
  const open = async (token: string): Promise<SandboxCheckout | CardPageAnswer> => {
    const found = token ? await checkouts.byToken(token) : undefined;
    if (!found) return { kind: 'page', status: 410, html: closedPageHtml(CARD_PAGE_USED, '/') };
    const checkout = await settled(found);
    if (checkout.outcome?.event.type === 'time_out')
      return { kind: 'page', status: 410, html: closedPageHtml(CARD_PAGE_EXPIRED, checkout.returnUrl) };
    if (checkout.outcome)
      return { kind: 'page', status: 410, html: closedPageHtml(CARD_PAGE_USED, checkout.returnUrl) };
    return checkout;
  };
  const isAnswer = (value: SandboxCheckout | CardPageAnswer): value is CardPageAnswer => 'kind' in value;
  const finish = async (checkout: SandboxCheckout, outcome: ProviderStatus): Promise<CardPageAnswer> => {
    // Whoever finished it first (another tab, another instance), the payer goes back to see how it went.
    await checkouts.finish(checkout.token, outcome);
    return { kind: 'redirect', location: checkout.returnUrl };
  };

  const cardPage: SandboxCardPage = {
    async show(token) {
      const checkout = await open(token);
      return isAnswer(checkout) ? checkout : { kind: 'page', status: 200, html: cardPageHtml(checkout, {}, null) };
    },
    async submit(token, form) {
      const checkout = await open(token);
      if (isAnswer(checkout)) return checkout;
      if (form.action === 'cancel') return finish(checkout, { event: { type: 'cancel' }, card: null });
      const retry = (error: string): CardPageAnswer => ({
        kind: 'page',
        status: 400,
        html: cardPageHtml(checkout, { ...form, cvc: '' }, error),
      });
      const outcome = cardOutcome(form.number ?? '');
      if (outcome.kind === 'invalid') return retry(outcome.message);
      if (!expiryValid(form.expiry ?? '', now())) return retry(EXPIRY_INVALID);
      if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) return retry(CVC_INVALID);
      const digits = normaliseCardNumber(form.number ?? '') ?? '';
      const card = { brand: cardBrand(digits), last4: digits.slice(-4) };
      const event: PaymentEvent =
        outcome.kind === 'approve' ? { type: 'approve' } : { type: 'decline', reason: outcome.reason };
      return finish(checkout, { event, card });
    },
  };

  return {
    name: 'sandbox',
    isSandbox: true,
    cardPage,

    checkDetails(method: PaymentMethodId, details: PaymentDetails): DetailsCheck {
      if (method === 'mtn' || method === 'airtel') {
        if (!details.phone?.trim()) return { ok: false, field: 'phone', message: PHONE_REQUIRED };
        const phone = checkMobileMoneyPhone(method, details.phone);
        return phone.ok
          ? { ok: true, details: { payerPhone: phone.phone } }
          : { ok: false, field: 'phone', message: phone.message };
      }
      return { ok: true, details: { payerPhone: null } satisfies CheckedDetails };
    },

    async requestPayment(request: PaymentRequest): Promise<ProviderAnswer> {
      const ref = providerRef(request.paymentId);
      if (request.method === 'card') {
        // A hosted checkout: an unguessable, single-use page address for this payment alone.
        const token = randomBytes(24).toString('base64url');
        await checkouts.create({
          token,
          providerRef: ref,
          reference: request.reference,
          amount: request.amount,
          description: request.description,
          // Only a path on this server: the page never sends the payer anywhere else.
          returnUrl: request.returnUrl.startsWith('/') && !request.returnUrl.startsWith('//') ? request.returnUrl : '/',
          createdAt: now(),
        });
        return { providerRef: ref, event: null, checkoutUrl: `${SANDBOX_CARD_PAGE_PATH}/${token}` };
      }
      // Mobile money waits for the handset; bank waits for the money.
      return { providerRef: ref, event: null, checkoutUrl: null };
    },

    cardCheckoutLifetimeMs: SANDBOX_CHECKOUT_LIFETIME_MS,

    // What the payer did on the card page (or that it expired); mobile money and bank news arrive through the prompt route and the administrator.
    async status(payment: { providerRef: string | null }): Promise<ProviderStatus | null> {
      const checkout = payment.providerRef ? await checkouts.byProviderRef(payment.providerRef) : undefined;
      return checkout ? (await settled(checkout)).outcome : null;
    },

    // A refund waits a few seconds, then is refunded; the first attempt on the refund test card fails instead.
    async refund(request: RefundRequest): Promise<RefundAnswer> {
      const last4 =
        request.card?.last4 ??
        (request.providerRef && (await checkouts.byProviderRef(request.providerRef))?.outcome?.card?.last4);
      const fails = last4 === REFUND_FAILS_CARD.last4 && request.idempotencyKey.endsWith(':1');
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
