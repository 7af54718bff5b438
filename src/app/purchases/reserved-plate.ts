/**
 * Buying a plate the buyer has reserved, from wherever the reservation is shown (the marketplace,
 * My Plates & Orders): where Buy Now is, and what it will cost with the reservation fee already
 * deducted. The deduction is the server's (GET /api/listings/:id/quote, decision 010): the device
 * only shows it.
 */
import type { QuoteAnswer } from '#domain/api/marketplace';
import { apiRequest, NetworkError } from '../api/api-client';

export { plateDialogPath } from './plate-dialog-path';

export interface ReservedBuyNow {
  lines: { label: string; amount: number }[];
  /** ngwee, before the gateway fee of the method the buyer will choose. */
  total: number;
  /** The reservation fee deducted (ngwee). */
  credit: number;
}

/**
 * Buy Now's figures before a payment method is chosen, as the server quotes them for this buyer:
 * price, processing fee and the reservation fee deducted. Null when the server offers no Buy Now.
 */
export function buyNowBeforeMethod(quote: Pick<QuoteAnswer, 'buyNow'>): ReservedBuyNow | null {
  const any = quote.buyNow[0];
  if (!any) return null;
  return {
    lines: any.lines.filter((line) => line.kind !== 'gateway'),
    total: any.total - any.gatewayFee,
    credit: any.reservationCredit,
  };
}

export type ReservedQuote =
  { ok: true; buyNow: ReservedBuyNow | null; mayBuy: boolean } | { ok: false; message: string };

export const RESERVED_QUOTE_OFFLINE = 'The price to pay is shown when this device is online.';

/** What buying the reserved plate costs this buyer now. */
export async function fetchReservedQuote(listingId: string): Promise<ReservedQuote> {
  try {
    const result = await apiRequest<Partial<QuoteAnswer> & { message?: string }>(
      'GET',
      `/api/listings/${encodeURIComponent(listingId)}/quote`,
    );
    const body = result.body;
    if (!result.ok || !body?.buyNow)
      return { ok: false, message: body?.message ?? `The server answered ${result.status}.` };
    return { ok: true, buyNow: buyNowBeforeMethod({ buyNow: body.buyNow }), mayBuy: body.mayBuy?.ok === true };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: RESERVED_QUOTE_OFFLINE };
    throw error;
  }
}
