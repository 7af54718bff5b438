/**
 * Settings an administrator changes (prices and fees; stock thresholds; the daily owner-lookup
 * threshold), with every earlier value kept in settings_history. An unset setting reads as the
 * domain's default, so the spec's figures apply until someone changes them.
 */
import { DEFAULT_DELIVERY, type DeliverySettings } from '#domain/collection/collection';
import { deliverySettingsSchema } from '#domain/collection/collection-schemas';
import { DEFAULT_STOCK_THRESHOLDS, type StockThresholds, stockThresholdsSchema } from '#domain/inventory/allocation';
import { DEFAULT_PRICING, type PricingSettings } from '#domain/pricing/pricing';
import { pricingSettingsSchema } from '#domain/pricing/pricing-settings-schema';
import { lookupThresholdSchema } from '#domain/privacy/access-log-schemas';
import { DEFAULT_LOOKUP_THRESHOLD, type LookupThreshold } from '#domain/privacy/personal-data-access';
import { DEFAULT_NUMBER_RULES, type NumberRules } from '#domain/plates/number-choice';
import { numberRulesSchema } from '#domain/plates/number-rules-schema';
import { DEFAULT_STALENESS_SETTINGS, type StalenessSettings } from '#domain/police/staleness-settings';
import { stalenessSettingsSchema } from '#domain/police/staleness-settings-schema';
import type { z } from 'zod';
import type { Queryable } from '../db/database';
import { changeLogRepository } from './change-log-repository';

export interface StoredSetting<T> {
  settings: T;
  /** Null while the defaults apply. */
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface SettingChange<T> {
  id: string;
  settings: T;
  previous: T | null;
  changedBy: { id: string; name: string | null } | null;
  changedAt: string;
}

export type StoredPricing = StoredSetting<PricingSettings>;
export type PricingChange = SettingChange<PricingSettings>;

/** The entity administrators' devices keep the stock thresholds under, so inventory reads them offline. */
export const SETTING_ENTITY = 'setting';
export const STOCK_THRESHOLDS_KEY = 'stockThresholds';

interface SettingKind<T> {
  key: string;
  defaults: T;
  schema: z.ZodType<T, unknown>;
  /** Scopes whose devices keep the current value, if any. */
  publishTo?: readonly string[];
}

const PRICING: SettingKind<PricingSettings> = {
  key: 'pricing',
  defaults: DEFAULT_PRICING,
  schema: pricingSettingsSchema,
};
const STOCK: SettingKind<StockThresholds> = {
  key: STOCK_THRESHOLDS_KEY,
  defaults: DEFAULT_STOCK_THRESHOLDS,
  schema: stockThresholdsSchema,
  publishTo: ['admin'],
};
/** Owners one reader may look up in a Lusaka day before an integrity alert (docs/privacy.md). */
const LOOKUPS: SettingKind<LookupThreshold> = {
  key: 'lookupThreshold',
  defaults: DEFAULT_LOOKUP_THRESHOLD,
  schema: lookupThresholdSchema,
};

/** Whether delivery is offered and its fee (docs/payments.md). */
const DELIVERY: SettingKind<DeliverySettings> = {
  key: 'delivery',
  defaults: DEFAULT_DELIVERY,
  schema: deliverySettingsSchema,
};

/** The offensive-word list chosen numbers are checked against (docs/plate-numbers.md). */
const NUMBER_RULES: SettingKind<NumberRules> = {
  key: 'numberRules',
  defaults: DEFAULT_NUMBER_RULES,
  schema: numberRulesSchema,
};

/**
 * How old a device's revocation list and registry copy may be before a roadside Valid is
 * weakened, then not confirmed offline (docs/verification.md). Every device receives it with
 * the revocation list (GET /api/credentials/revocations); administrators' devices keep it too.
 */
export const STALENESS_KEY = 'verificationStaleness';
const STALENESS: SettingKind<StalenessSettings> = {
  key: STALENESS_KEY,
  defaults: DEFAULT_STALENESS_SETTINGS,
  schema: stalenessSettingsSchema,
  publishTo: ['admin'],
};

/** A stored value that no longer passes the schema (a field added later, say) falls back field by field. */
function readAs<T>(kind: SettingKind<T>, value: unknown): T {
  const parsed = kind.schema.safeParse({
    ...kind.defaults,
    ...(typeof value === 'object' && value !== null ? value : {}),
  });
  return parsed.success ? parsed.data : kind.defaults;
}

function settingStore<T>(db: Queryable, kind: SettingKind<T>) {
  return {
    async get(): Promise<StoredSetting<T>> {
      const [row] = await db.query<{ value: unknown; updated_at: Date | string; updated_by: string | null }>(
        'SELECT value, updated_at, updated_by FROM settings WHERE key = $1',
        [kind.key],
      );
      if (!row) return { settings: kind.defaults, updatedAt: null, updatedBy: null };
      return {
        settings: readAs(kind, row.value),
        updatedAt: new Date(row.updated_at).toISOString(),
        updatedBy: row.updated_by,
      };
    },

    /** Stores a new value and records the change (with the value it replaces) in the history. */
    async set(settings: T, changedBy: string, at: Date): Promise<StoredSetting<T>> {
      // The row lock orders concurrent changes, so each history entry names the value it really replaced.
      const [before] = await db.query<{ value: unknown }>('SELECT value FROM settings WHERE key = $1 FOR UPDATE', [
        kind.key,
      ]);
      await db.query(
        `INSERT INTO settings (key, value, updated_by, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
        [kind.key, JSON.stringify(settings), changedBy, at],
      );
      await db.query(
        'INSERT INTO settings_history (key, value, previous, changed_by, changed_at) VALUES ($1, $2, $3, $4, $5)',
        [
          kind.key,
          JSON.stringify(settings),
          JSON.stringify(before ? readAs(kind, before.value) : kind.defaults),
          changedBy,
          at,
        ],
      );
      const stored = { settings, updatedAt: at.toISOString(), updatedBy: changedBy };
      if (kind.publishTo)
        await changeLogRepository(db).record(kind.publishTo, SETTING_ENTITY, kind.key, 'put', {
          id: kind.key,
          value: settings,
          updatedAt: stored.updatedAt,
        });
      return stored;
    },

    async history(limit = 100): Promise<Array<SettingChange<T>>> {
      const rows = await db.query<{
        id: string;
        value: unknown;
        previous: unknown;
        changed_by: string | null;
        name: string | null;
        changed_at: Date | string;
      }>(
        `SELECT h.id::text AS id, h.value, h.previous, h.changed_by, u.name, h.changed_at
         FROM settings_history h LEFT JOIN users u ON u.id = h.changed_by
         WHERE h.key = $1 ORDER BY h.changed_at DESC, h.id DESC LIMIT $2`,
        [kind.key, limit],
      );
      return rows.map((row) => ({
        id: row.id,
        settings: readAs(kind, row.value),
        previous: row.previous === null ? null : readAs(kind, row.previous),
        changedBy: row.changed_by === null ? null : { id: row.changed_by, name: row.name },
        changedAt: new Date(row.changed_at).toISOString(),
      }));
    },
  };
}

export function settingsRepository(db: Queryable) {
  const pricing = settingStore(db, PRICING);
  const stock = settingStore(db, STOCK);
  const lookups = settingStore(db, LOOKUPS);
  const delivery = settingStore(db, DELIVERY);
  const numberRules = settingStore(db, NUMBER_RULES);
  const staleness = settingStore(db, STALENESS);
  return {
    staleness: staleness.get,
    setStaleness: staleness.set,
    stalenessHistory: staleness.history,
    delivery: delivery.get,
    setDelivery: delivery.set,
    pricing: pricing.get,
    setPricing: pricing.set,
    pricingHistory: pricing.history,
    stockThresholds: stock.get,
    setStockThresholds: stock.set,
    stockThresholdsHistory: stock.history,
    lookupThreshold: lookups.get,
    setLookupThreshold: lookups.set,
    numberRules: numberRules.get,
    setNumberRules: numberRules.set,
    numberRulesHistory: numberRules.history,
  };
}
