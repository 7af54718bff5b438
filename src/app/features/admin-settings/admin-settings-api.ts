/**
 * Prices and fees as an administrator changes them: online only (PUT
 * /api/admin/settings/pricing), since a price must be in force on the server the moment
 * it is said to be, and the history of changes (GET /api/admin/settings/pricing/history).
 */
import type { PricingSettings } from '#domain/pricing/pricing';
import { pricingSettingsSchema } from '#domain/pricing/pricing-settings-schema';
import { apiRequest, NetworkError } from '../../sync/api-client';

export const SETTINGS_NEED_CONNECTION = 'Changing prices and fees needs a connection. Nothing was changed; try again when you are back online.';
export const HISTORY_NEEDS_CONNECTION = 'The history of changes is shown when this device is online.';

export interface PricingHistoryEntry {
  id: string;
  settings: PricingSettings;
  previous: PricingSettings | null;
  changedBy: { id: string; name: string | null } | null;
  changedAt: string;
}

export type SaveAnswer = { ok: true; settings: PricingSettings; updatedAt: string | null } | { ok: false; message: string; fields?: Record<string, string> };
export type HistoryAnswer = { ok: true; history: PricingHistoryEntry[] } | { ok: false; message: string };

/** Settings in an answer, checked against the domain's schema (a damaged answer is not shown as prices). */
function parsedSettings(value: unknown): PricingSettings | null {
  const parsed = pricingSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function savePricing(settings: PricingSettings): Promise<SaveAnswer> {
  try {
    const result = await apiRequest<{ settings?: unknown; updatedAt?: string | null; message?: string; fields?: Record<string, string> }>('PUT', '/api/admin/settings/pricing', settings);
    const saved = result.ok ? parsedSettings(result.body.settings) : null;
    if (saved) return { ok: true, settings: saved, updatedAt: result.body.updatedAt ?? null };
    return { ok: false, message: result.body?.message ?? `The server answered ${result.status}.`, ...(result.body?.fields ? { fields: result.body.fields } : {}) };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: SETTINGS_NEED_CONNECTION };
    throw error;
  }
}

export async function fetchPricingHistory(): Promise<HistoryAnswer> {
  try {
    const result = await apiRequest<{ history?: unknown[]; message?: string }>('GET', '/api/admin/settings/pricing/history');
    if (!result.ok || !Array.isArray(result.body.history)) return { ok: false, message: result.body?.message ?? `The server answered ${result.status}.` };
    const history = result.body.history.flatMap((raw): PricingHistoryEntry[] => {
      const entry = raw as Partial<PricingHistoryEntry> & { settings?: unknown; previous?: unknown };
      const settings = parsedSettings(entry.settings);
      if (!settings || typeof entry.id !== 'string' || typeof entry.changedAt !== 'string') return [];
      return [{ id: entry.id, settings, previous: entry.previous ? parsedSettings(entry.previous) : null, changedBy: entry.changedBy ?? null, changedAt: entry.changedAt }];
    });
    return { ok: true, history };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: HISTORY_NEEDS_CONNECTION };
    throw error;
  }
}
