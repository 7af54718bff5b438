/**
 * A plate's prices, asked for at the tap that draws the copy of its dialog (decision 088), for
 * the app's dialog to take when it opens: its code arrives a second or more after the tap on a
 * slow phone, and the prices, asked for only then, a round trip after that. A signed-in buyer's
 * checkout form waits for them; a visitor's breakdown reads "Loading prices…" until they come.
 * In the marketplace's first load with the copy's code, so it holds nothing but the request.
 */
import type { QuoteAnswer } from '#domain/api/marketplace';
import { type ApiErrorBody, type ApiResult, apiRequest } from '../../api/api-client';

export type QuoteResult = ApiResult<QuoteAnswer & ApiErrorBody>;

/** Prices asked for longer ago than this are asked for again: the dialog shows what the server charges now. */
const FRESH_FOR_MS = 30_000;

export const quotePath = (listingId: string): string => `/api/listings/${encodeURIComponent(listingId)}/quote`;

let asked: { listingId: string; at: number; answer: Promise<QuoteResult> } | null = null;

/** Asks for `listingId`'s prices now. A failure is the taker's to report (fetchQuote), as its own request's would be. */
export function askQuoteEarly(listingId: string): void {
  const answer = apiRequest<QuoteAnswer & ApiErrorBody>('GET', quotePath(listingId));
  answer.catch(() => undefined);
  asked = { listingId, at: Date.now(), answer };
}

/** The answer asked for early for `listingId`, once, while fresh; null: ask now. */
export function takeEarlyQuote(listingId: string): Promise<QuoteResult> | null {
  const current = asked;
  asked = null;
  return current?.listingId === listingId && Date.now() - current.at < FRESH_FOR_MS ? current.answer : null;
}

/** The copy was closed: the prices asked for go with it. */
export function dropEarlyQuote(): void {
  asked = null;
}
