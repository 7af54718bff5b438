import { afterEach, describe, expect, it, vi } from 'vitest';
import { ngwee } from '#domain/money/money';
import { DEFAULT_PRICING, type PricingSettings } from '#domain/pricing/pricing';
import {
  parsePricingAnswer,
  PRICING_SETTINGS_KEY,
  type PricingStorage,
  readStoredPricing,
  refreshPricingSettings,
  writeStoredPricing,
} from '../../../src/app/payments/pricing-settings';

const changed: PricingSettings = {
  ...DEFAULT_PRICING,
  platePrice: ngwee(45_000),
  processingFee: ngwee(1_500),
  gatewayFeeBasisPoints: { mtn: 250, airtel: 200, card: 300, bank: 0 },
};

function memoryStorage(): PricingStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

describe('pricing settings from the server', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the settings and when they changed from the server’s answer', async () => {
    expect(
      await parsePricingAnswer({ settings: changed, paymentMethods: [], updatedAt: '2026-03-01T10:00:00.000Z' }),
    ).toEqual({ settings: changed, updatedAt: '2026-03-01T10:00:00.000Z' });
    expect(await parsePricingAnswer({ settings: DEFAULT_PRICING, updatedAt: null })).toEqual({
      settings: DEFAULT_PRICING,
      updatedAt: null,
    });
  });

  it('refuses answers it cannot trust', async () => {
    expect(await parsePricingAnswer(null)).toBeNull();
    expect(await parsePricingAnswer({ message: 'Internal Server Error' })).toBeNull();
    expect(await parsePricingAnswer({ settings: { ...changed, platePrice: 300.5 } })).toBeNull();
    expect(await parsePricingAnswer({ settings: { ...changed, gatewayFeeBasisPoints: { mtn: 200 } } })).toBeNull();
  });

  it('keeps the last answer on the device and reads it back as the device’s copy', async () => {
    const storage = memoryStorage();
    writeStoredPricing({ settings: changed, updatedAt: '2026-03-01T10:00:00.000Z' }, storage);
    expect([...storage.data.keys()]).toEqual([PRICING_SETTINGS_KEY]);
    expect(await readStoredPricing(storage)).toEqual({
      settings: changed,
      updatedAt: '2026-03-01T10:00:00.000Z',
      source: 'device',
    });
  });

  it('has no copy before the first answer, or when the copy is damaged or storage refuses', async () => {
    const storage = memoryStorage();
    expect(await readStoredPricing(storage)).toBeNull();
    storage.data.set(PRICING_SETTINGS_KEY, '{not json');
    expect(await readStoredPricing(storage)).toBeNull();
    const broken: PricingStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(await readStoredPricing(broken)).toBeNull();
    expect(() => writeStoredPricing({ settings: changed, updatedAt: null }, broken)).not.toThrow();
  });

  it('asks the server and keeps its answer, and offline keeps what it knew', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ settings: changed, paymentMethods: [], updatedAt: null }), { status: 200 }),
      ),
    );
    expect(await refreshPricingSettings()).toEqual({ settings: changed, updatedAt: null, source: 'server' });
    expect((await readStoredPricing(storage))?.settings).toEqual(changed);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect((await refreshPricingSettings()).settings).toEqual(changed);
  });

  it('opened offline, the copy kept on the device is what the page knows', async () => {
    vi.resetModules();
    const fresh = await import('../../../src/app/payments/pricing-settings');
    const storage = memoryStorage();
    fresh.writeStoredPricing({ settings: changed, updatedAt: '2026-03-01T10:00:00.000Z' }, storage);
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await fresh.refreshPricingSettings()).toEqual({
      settings: changed,
      updatedAt: '2026-03-01T10:00:00.000Z',
      source: 'device',
    });
  });
});
