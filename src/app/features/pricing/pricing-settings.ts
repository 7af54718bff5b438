/**
 * The prices and fees the server charges (GET /api/settings/pricing), for the pricing page
 * and the buy-process wizard. The last answer is kept on this device (localStorage: a few
 * numbers, no personal data) so both screens show the server's figures offline; until the
 * first answer arrives they show the spec's defaults. The server recomputes every charge
 * from its own settings, so a stale copy can only mislead an estimate, never a payment.
 * The rules that check an answer or the kept copy (zod) load with the first check, not
 * with the page: the page is drawn with the defaults first in any case.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_PRICING, type PricingSettings } from '#domain/pricing/pricing';
import { onDemand } from '../../components/loaded-when-open';
import { apiRequest, NetworkError } from '../../sync/api-client';

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

/** The settings' rules (zod), loaded with the first check. */
export const pricingSettingsRules = onDemand(() => import('#domain/pricing/pricing-settings-schema').then((module) => module.pricingSettingsSchema));

/** The settings in a server answer or a stored copy, or null when they cannot be trusted (or the rules cannot be fetched). */
export async function parsePricingAnswer(body: unknown): Promise<{ settings: PricingSettings; updatedAt: string | null } | null> {
  if (!isRecord(body)) return null;
  const schema = await pricingSettingsRules.load().catch(() => null);
  if (!schema) return null;
  const parsed = schema.safeParse(body.settings);
  if (!parsed.success) return null;
  const updatedAt = typeof body.updatedAt === 'string' ? body.updatedAt : null;
  return { settings: parsed.data, updatedAt };
}

function browserStorage(): PricingStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The copy kept from the server's last answer, or null when there is none (or it is damaged). */
export async function readStoredPricing(storage: PricingStorage | undefined = browserStorage()): Promise<KnownPricing | null> {
  try {
    const text = storage?.getItem(PRICING_SETTINGS_KEY);
    if (!text) return null;
    const stored = await parsePricingAnswer(JSON.parse(text));
    return stored ? { ...stored, source: 'device' } : null;
  } catch {
    return null;
  }
}

export function writeStoredPricing(answer: { settings: PricingSettings; updatedAt: string | null }, storage: PricingStorage | undefined = browserStorage()): void {
  try {
    storage?.setItem(PRICING_SETTINGS_KEY, JSON.stringify({ settings: answer.settings, updatedAt: answer.updatedAt }));
  } catch {
    // Full or blocked storage: this visit still has the figures, the next offline one shows the defaults.
  }
}

// One copy per page, shared by every screen that shows prices.
let known: KnownPricing = DEFAULT_KNOWN_PRICING;
let readingStored: Promise<void> | undefined;
let refreshing: Promise<KnownPricing> | undefined;
let refreshedThisVisit = false;
const listeners = new Set<() => void>();

function current(): KnownPricing {
  return known;
}

function show(next: KnownPricing): void {
  known = next;
  for (const listener of listeners) listener();
}

/** Moves from the defaults to the device's copy, unless the server has answered first. */
function readStoredOnce(): Promise<void> {
  readingStored ??= readStoredPricing().then((stored) => {
    if (stored && known.source === 'default') show(stored);
  });
  return readingStored;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks the server once per page load; offline or on a bad answer the copy already known stands. */
export function refreshPricingSettings(): Promise<KnownPricing> {
  refreshing ??= (async () => {
    try {
      await readStoredOnce();
      const result = await apiRequest<unknown>('GET', PRICING_SETTINGS_PATH);
      const answer = result.ok ? await parsePricingAnswer(result.body) : null;
      if (answer) {
        writeStoredPricing(answer);
        refreshedThisVisit = true;
        show({ ...answer, source: 'server' });
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
 * from them too and then moves to the device's copy and the server's answer.
 */
export function usePricingSettings(): KnownPricing {
  const pricing = useSyncExternalStore(subscribe, current, () => DEFAULT_KNOWN_PRICING);
  useEffect(() => {
    void readStoredOnce();
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
