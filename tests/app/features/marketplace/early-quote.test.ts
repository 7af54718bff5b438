// A plate's prices asked for at the tap that draws its dialog's copy (decision 088): the app's
// dialog takes that answer once, for the same plate, while fresh, and asks again otherwise.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchQuote } from '../../../../src/app/features/marketplace/checkout-api';
import { askQuoteEarly, dropEarlyQuote } from '../../../../src/app/features/marketplace/early-quote';

/** A quote as the server answers one, enough for fetchQuote to take it as prices. */
const quote = (listingId: string) => ({
  listing: { id: listingId },
  buyNow: [],
  reservation: { days: 7, amount: 20_000 },
});

describe('prices asked for at the tap', () => {
  let asked: string[] = [];
  beforeEach(() => {
    asked = [];
    vi.stubGlobal('fetch', async (path: string) => {
      asked.push(path);
      const listingId = decodeURIComponent(path.split('/')[3] ?? '');
      return new Response(JSON.stringify(quote(listingId)), { status: 200 });
    });
  });
  afterEach(() => {
    dropEarlyQuote();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('are the answer the dialog opens with: one request, not two', async () => {
    askQuoteEarly('l-1');
    const answer = await fetchQuote('l-1');
    expect(answer).toMatchObject({ ok: true, quote: { listing: { id: 'l-1' } } });
    expect(asked).toEqual(['/api/listings/l-1/quote']);
  });

  it('are taken once: the dialog’s refresh after a payment asks the server again', async () => {
    askQuoteEarly('l-1');
    await fetchQuote('l-1');
    await fetchQuote('l-1');
    expect(asked).toEqual(['/api/listings/l-1/quote', '/api/listings/l-1/quote']);
  });

  it('are another plate’s, or closed with the copy: the dialog asks for its own', async () => {
    askQuoteEarly('l-1');
    expect(await fetchQuote('l-2')).toMatchObject({ ok: true, quote: { listing: { id: 'l-2' } } });
    askQuoteEarly('l-3');
    dropEarlyQuote();
    await fetchQuote('l-3');
    expect(asked).toEqual([
      '/api/listings/l-1/quote',
      '/api/listings/l-2/quote',
      '/api/listings/l-3/quote',
      '/api/listings/l-3/quote',
    ]);
  });

  it('asked 30 s ago or more are asked for again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    askQuoteEarly('l-1');
    vi.setSystemTime(Date.now() + 30_000);
    await fetchQuote('l-1');
    expect(asked).toEqual(['/api/listings/l-1/quote', '/api/listings/l-1/quote']);
  });

  it('lost with the connection are the offline message, as the dialog’s own request’s would be', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    askQuoteEarly('l-1');
    expect(await fetchQuote('l-1')).toEqual({ ok: false, message: 'Prices are shown when this device is online.' });
  });
});
