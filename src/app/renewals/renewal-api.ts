/**
 * Renewing is paid, so it needs the server: what a renewal costs and gives today (by the
 * server's clock and prices) and starting its payment. Never queued on the device;
 * offline each answers with a message instead.
 */
import type { PaymentMethodId } from '#domain/pricing/pricing';
import type { PaymentAnswer as PaymentBody } from '#domain/api/payments';
import type { RenewalQuote, RenewalQuoteAnswer } from '#domain/api/renewals';
import { type ApiErrorBody, apiRequest, NetworkError } from '../api/api-client';
import { refusalFields, refusalReason, runCommand } from '../api/command';
import type { Receipt } from '../payments/payment-api';

export const RENEWAL_NEEDS_CONNECTION =
  'Renewing a plate needs a connection: it is paid online. Try again when you are back online.';
export const RENEWAL_LOST =
  'The connection was lost before the server answered. Try again: the same payment is resumed, never charged twice.';

export type { RenewalQuote };

export type QuoteAnswer = { ok: true; quote: RenewalQuote } | { ok: false; message: string };

export async function fetchRenewalQuote(plateNumber: string): Promise<QuoteAnswer> {
  try {
    const result = await apiRequest<Partial<RenewalQuoteAnswer> & ApiErrorBody>(
      'GET',
      `/api/plates/${encodeURIComponent(plateNumber)}/renewal`,
    );
    if (result.ok && result.body?.quote) return { ok: true, quote: result.body.quote };
    return { ok: false, message: result.body?.message ?? `The server answered ${result.status}.` };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: RENEWAL_NEEDS_CONNECTION };
    throw error;
  }
}

export interface RenewalRequest {
  idempotencyKey: string;
  method: PaymentMethodId;
  phone?: string;
  card?: { number: string };
}

export type RenewalAnswer =
  | { ok: true; payment: Receipt }
  /** `isLost`: no answer came back, so the payment may exist; retry with the same key. */
  | { ok: false; message: string; fields?: Record<string, string>; isLost: boolean };

export async function startRenewal(plateNumber: string, request: RenewalRequest): Promise<RenewalAnswer> {
  const outcome = await runCommand({
    method: 'POST',
    path: `/api/plates/${encodeURIComponent(plateNumber)}/renewals`,
    body: request,
    accept: (answer: (Partial<PaymentBody> & ApiErrorBody) | undefined) => answer?.payment,
  });
  if (outcome.status === 'applied') return { ok: true, payment: outcome.value };
  if (outcome.status === 'needs-connection') return { ok: false, message: RENEWAL_LOST, isLost: true };
  const isLost = outcome.httpStatus >= 502 && outcome.httpStatus <= 504 && outcome.httpStatus !== 503;
  return {
    ok: false,
    message: isLost ? RENEWAL_LOST : refusalReason(outcome),
    isLost,
    ...refusalFields(outcome),
  };
}
