/**
 * The prices and fees the server charges (GET /api/settings/pricing), for the pricing page
 * and the buy-process wizard. The last answer is kept on this device (localStorage: a few
 * numbers, no personal data) so both screens show the server's figures offline; until the
 * first answer arrives they show the spec's defaults. The server recomputes every charge
 * from its own settings, so a stale copy can only mislead an estimate, never a payment.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_PRICING, type PricingSettings, pricingSettingsFrom } from '#domain/pricing/pricing';
import { apiRequest, NetworkError } from '../api/api-client';

export const PRICING_SETTINGS_KEY = 'nambala.pricing-settings';
export const PRICING_SETTINGS_PATH = '/api/settings/pricing';

export type PricingSource = 'default' | 'device' | 'server';

export interface KnownPricing {
  settings: PricingSettings;
  /** When an administrator last changed the settings; null while the server's defaults apply. */
  updatedAt: string | null;
  /** default: nothing heard yet; device: the copy kept from an earlier visit; server: fresh this visit. */
  source: PricingSource;
}

export type PricingStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const DEFAULT_KNOWN_PRICING: KnownPricing = { settings: DEFAULT_PRICING, updatedAt: null, source: 'default' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The settings in a server answer or a stored copy, or null when they cannot be trusted. */
export function parsePricingAnswer(body: unknown): { settings: PricingSettings; updatedAt: string | null } | null {
  if (!isRecord(body)) return null;
  const settings = pricingSettingsFrom(body.settings);
  if (!settings) return null;
  const updatedAt = typeof body.updatedAt === 'string' ? body.updatedAt : null;
  return { settings, updatedAt };
}

function browserStorage(): PricingStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The copy kept from the server's last answer, or null when there is none (or it is damaged). */
export function readStoredPricing(storage: PricingStorage | undefined = browserStorage()): KnownPricing | null {
  try {
    const text = storage?.getItem(PRICING_SETTINGS_KEY);
    if (!text) return null;
    const stored = parsePricingAnswer(JSON.parse(text));
    return stored ? { ...stored, source: 'device' } : null;
  } catch {
    return null;
  }
}

export function writeStoredPricing(
  answer: { settings: PricingSettings; updatedAt: string | null },
  storage: PricingStorage | undefined = browserStorage(),
): void {
  try {
    storage?.setItem(PRICING_SETTINGS_KEY, JSON.stringify({ settings: answer.settings, updatedAt: answer.updatedAt }));
  } catch {
    // Full or blocked storage: this visit still has the figures, the next offline one shows the defaults.
  }
}

// One copy per page, shared by every screen that shows prices.
let known: KnownPricing | undefined;
let refreshing: Promise<KnownPricing> | undefined;
let refreshedThisVisit = false;
const listeners = new Set<() => void>();

function current(): KnownPricing {
  known ??= readStoredPricing() ?? DEFAULT_KNOWN_PRICING;
  return known;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks the server once per page load; offline or on a bad answer the copy already known stands. */
export function refreshPricingSettings(): Promise<KnownPricing> {
  refreshing ??= (async () => {
    try {
      const result = await apiRequest<unknown>('GET', PRICING_SETTINGS_PATH);
      const answer = result.ok ? parsePricingAnswer(result.body) : null;
      if (answer) {
        writeStoredPricing(answer);
        known = { ...answer, source: 'server' };
        refreshedThisVisit = true;
        for (const listener of listeners) listener();
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    } finally {
      refreshing = undefined;
    }
    return current();
  })();
  return refreshing;
}

/**
 * The prices to show. A prerendered page is built with the defaults, so hydration starts
 * from them too (the server snapshot) and then moves to the device's copy and the server's answer.
 */
export function usePricingSettings(): KnownPricing {
  const pricing = useSyncExternalStore(subscribe, current, () => DEFAULT_KNOWN_PRICING);
  useEffect(() => {
    const refresh = () => {
      if (!refreshedThisVisit) void refreshPricingSettings();
    };
    refresh();
    // Opened offline: ask again once the connection is back.
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, []);
  return pricing;
}
