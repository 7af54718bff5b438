/**
 * Renewing is paid, so it needs the server: what a renewal costs and gives today (by the
 * server's clock and prices) and starting its payment. Never queued on the device;
 * offline each answers with a message instead.
 */
import type { PaymentMethodId } from '#domain/pricing/pricing';
import { apiRequest, NetworkError } from '../api/api-client';
import type { Receipt } from '../payments/payment-api';

export const RENEWAL_NEEDS_CONNECTION =
  'Renewing a plate needs a connection: it is paid online. Try again when you are back online.';
export const RENEWAL_LOST =
  'The connection was lost before the server answered. Try again: the same payment is resumed, never charged twice.';

export interface RenewalQuote {
  plateNumber: string;
  expiryDate: string;
  isExpired: boolean;
  renewableFrom: string;
  /** Ngwee. */
  fee: number;
  validityYears: number;
  newExpiryDate: string;
  refusal: string | null;
}

export type QuoteAnswer = { ok: true; quote: RenewalQuote } | { ok: false; message: string };

export async function fetchRenewalQuote(plateNumber: string): Promise<QuoteAnswer> {
  try {
    const result = await apiRequest<{ quote?: RenewalQuote; message?: string }>(
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
  try {
    const result = await apiRequest<{ payment?: Receipt; message?: string; fields?: Record<string, string> }>(
      'POST',
      `/api/plates/${encodeURIComponent(plateNumber)}/renewals`,
      request,
    );
    if (result.ok && result.body?.payment) return { ok: true, payment: result.body.payment };
    const isLost = result.status >= 502 && result.status <= 504 && result.status !== 503;
    return {
      ok: false,
      message: isLost ? RENEWAL_LOST : (result.body?.message ?? `The server answered ${result.status}.`),
      isLost,
      ...(result.body?.fields ? { fields: result.body.fields } : {}),
    };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: RENEWAL_LOST, isLost: true };
    throw error;
  }
}
