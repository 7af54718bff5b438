/**
 * Settings an administrator changes (prices and fees first), with every earlier value
 * kept in settings_history. An unset setting reads as the domain's default, so the
 * spec's figures apply until someone changes them.
 */
import { DEFAULT_PRICING, type PricingSettings } from '#domain/pricing/pricing';
import { pricingSettingsSchema } from '#domain/pricing/pricing-settings-schema';
import type { Queryable } from '../db/database';

const PRICING_KEY = 'pricing';

export interface StoredPricing {
  settings: PricingSettings;
  /** Null while the defaults apply. */
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface PricingChange {
  id: string;
  settings: PricingSettings;
  previous: PricingSettings | null;
  changedBy: { id: string; name: string | null } | null;
  changedAt: string;
}

/** A stored value that no longer passes the schema (a field added later, say) falls back field by field. */
function readPricing(value: unknown): PricingSettings {
  const parsed = pricingSettingsSchema.safeParse({ ...DEFAULT_PRICING, ...(typeof value === 'object' && value !== null ? value : {}) });
  return parsed.success ? parsed.data : DEFAULT_PRICING;
}

export function settingsRepository(db: Queryable) {
  return {
    async pricing(): Promise<StoredPricing> {
      const [row] = await db.query<{ value: unknown; updated_at: Date | string; updated_by: string | null }>('SELECT value, updated_at, updated_by FROM settings WHERE key = $1', [PRICING_KEY]);
      if (!row) return { settings: DEFAULT_PRICING, updatedAt: null, updatedBy: null };
      return { settings: readPricing(row.value), updatedAt: new Date(row.updated_at).toISOString(), updatedBy: row.updated_by };
    },

    /** Stores new prices and records the change (with the values they replace) in the history. */
    async setPricing(settings: PricingSettings, changedBy: string, at: Date): Promise<StoredPricing> {
      // The row lock orders concurrent changes, so each history entry names the value it really replaced.
      const [before] = await db.query<{ value: unknown }>('SELECT value FROM settings WHERE key = $1 FOR UPDATE', [PRICING_KEY]);
      await db.query(
        `INSERT INTO settings (key, value, updated_by, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
        [PRICING_KEY, JSON.stringify(settings), changedBy, at],
      );
      await db.query('INSERT INTO settings_history (key, value, previous, changed_by, changed_at) VALUES ($1, $2, $3, $4, $5)', [
        PRICING_KEY,
        JSON.stringify(settings),
        JSON.stringify(before ? readPricing(before.value) : DEFAULT_PRICING),
        changedBy,
        at,
      ]);
      return { settings, updatedAt: at.toISOString(), updatedBy: changedBy };
    },

    async pricingHistory(limit = 100): Promise<PricingChange[]> {
      const rows = await db.query<{ id: string; value: unknown; previous: unknown; changed_by: string | null; name: string | null; changed_at: Date | string }>(
        `SELECT h.id::text AS id, h.value, h.previous, h.changed_by, u.name, h.changed_at
         FROM settings_history h LEFT JOIN users u ON u.id = h.changed_by
         WHERE h.key = $1 ORDER BY h.changed_at DESC, h.id DESC LIMIT $2`,
        [PRICING_KEY, limit],
      );
      return rows.map((row) => ({
        id: row.id,
        settings: readPricing(row.value),
        previous: row.previous === null ? null : readPricing(row.previous),
        changedBy: row.changed_by === null ? null : { id: row.changed_by, name: row.name },
        changedAt: new Date(row.changed_at).toISOString(),
      }));
    },
  };
}
