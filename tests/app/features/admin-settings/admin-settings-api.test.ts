// Saving prices and reading their history go to the server; offline, each says so, and a
// damaged history entry is left out rather than shown as prices.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING } from '../../../../src/domain/pricing/pricing';
import {
  fetchPricingHistory,
  HISTORY_NEEDS_CONNECTION,
  savePricing,
  SETTINGS_NEED_CONNECTION,
} from '../../../../src/app/features/admin-settings/admin-settings-api';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin settings api', () => {
  it('reads the history, leaving out an entry whose settings are damaged', async () => {
    const good = {
      id: '2',
      settings: DEFAULT_PRICING,
      previous: null,
      changedBy: { id: 'USR-001', name: 'Bwalya Mulenga' },
      changedAt: '2026-11-20T08:00:00.000Z',
    };
    vi.stubGlobal('fetch', answer(200, { history: [good, { ...good, id: '1', settings: { platePrice: 'a lot' } }] }));
    expect(await fetchPricingHistory()).toEqual({ ok: true, history: [good] });
  });

  it('passes on the server’s field messages when it refuses a change', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Too small',
        fields: { reservationDays: 'Too small' },
      }),
    );
    expect(await savePricing(DEFAULT_PRICING)).toEqual({
      ok: false,
      message: 'Too small',
      fields: { reservationDays: 'Too small' },
    });
  });

  it('says a connection is needed when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await savePricing(DEFAULT_PRICING)).toEqual({ ok: false, message: SETTINGS_NEED_CONNECTION });
    expect(await fetchPricingHistory()).toEqual({ ok: false, message: HISTORY_NEEDS_CONNECTION });
  });
});
