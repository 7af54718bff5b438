/**
 * Settings as an administrator changes them: online only (PUT /api/admin/settings/pricing
 * and /stock), since a price or a threshold must be in force on the server the moment it is
 * said to be, and the history of changes (GET .../history).
 */
import { type PricingSettings, pricingSettingsFrom } from '#domain/pricing/pricing';
import type { SettingAnswer, SettingHistoryAnswer, SettingHistoryEntry } from '#domain/api/settings';
import { type ApiErrorBody, apiRequest, NetworkError } from '../../api/api-client';
import { refusalFields, refusalReason, runCommand } from '../../api/command';

export const SETTINGS_NEED_CONNECTION =
  'Changing prices and fees needs a connection. Nothing was changed; try again when you are back online.';
export const HISTORY_NEEDS_CONNECTION = 'The history of changes is shown when this device is online.';

export type PricingHistoryEntry = SettingHistoryEntry<PricingSettings>;

export type SaveAnswer<T = PricingSettings> =
  { ok: true; settings: T; updatedAt: string | null } | { ok: false; message: string; fields?: Record<string, string> };
export type HistoryAnswer<T = PricingSettings> =
  { ok: true; history: SettingHistoryEntry<T>[] } | { ok: false; message: string };

// Settings in an answer are checked against the domain's bounds: a damaged answer is not shown as prices.
export const savePricing = (settings: PricingSettings): Promise<SaveAnswer> =>
  saveSetting('pricing', settings, pricingSettingsFrom, SETTINGS_NEED_CONNECTION);
export const fetchPricingHistory = (): Promise<HistoryAnswer> => fetchSettingHistory('pricing', pricingSettingsFrom);

export type { SettingHistoryEntry };

export type SettingPath = 'pricing' | 'stock' | 'delivery' | 'numbers' | 'staleness';

/** Saves a setting (PUT /api/admin/settings/<path>), answered with the value now in force. */
export async function saveSetting<T>(
  path: SettingPath,
  value: T,
  parse: (raw: unknown) => T | null,
  offlineMessage: string,
): Promise<SaveAnswer<T>> {
  const outcome = await runCommand({
    method: 'PUT',
    path: `/api/admin/settings/${path}`,
    body: value,
    accept: (answer: Partial<SettingAnswer<unknown>>) => {
      const saved = parse(answer.settings);
      return saved ? { settings: saved, updatedAt: answer.updatedAt ?? null } : null;
    },
  });
  if (outcome.status === 'applied') return { ok: true, ...outcome.value };
  if (outcome.status === 'needs-connection') return { ok: false, message: offlineMessage };
  return { ok: false, message: refusalReason(outcome), ...refusalFields(outcome) };
}

/** A setting's history of changes, newest first; entries that do not parse are left out. */
export async function fetchSettingHistory<T>(
  path: SettingPath,
  parse: (raw: unknown) => T | null,
): Promise<HistoryAnswer<T>> {
  try {
    const result = await apiRequest<Partial<SettingHistoryAnswer<unknown>> & ApiErrorBody>(
      'GET',
      `/api/admin/settings/${path}/history`,
    );
    if (!result.ok || !Array.isArray(result.body.history))
      return { ok: false, message: result.body?.message ?? `The server answered ${result.status}.` };
    const history = result.body.history.flatMap((raw): SettingHistoryEntry<T>[] => {
      const entry = raw as Partial<SettingHistoryEntry<unknown>>;
      const settings = parse(entry.settings);
      if (settings === null || typeof entry.id !== 'string' || typeof entry.changedAt !== 'string') return [];
      return [
        {
          id: entry.id,
          settings,
          previous: entry.previous ? parse(entry.previous) : null,
          changedBy: entry.changedBy ?? null,
          changedAt: entry.changedAt,
        },
      ];
    });
    return { ok: true, history };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: HISTORY_NEEDS_CONNECTION };
    throw error;
  }
}
