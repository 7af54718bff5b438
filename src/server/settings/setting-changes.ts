/**
 * An administrator's change of a setting (prices and fees, stock thresholds, the daily
 * lookup threshold): the new value stored with its history entry, and audited with the
 * value it replaced, in one transaction. The settings and access-log routes call these.
 */
import type { DeliverySettings } from '#domain/collection/collection';
import type { StockThresholds } from '#domain/inventory/allocation';
import type { PricingSettings } from '#domain/pricing/pricing';
import type { LookupThreshold } from '#domain/privacy/personal-data-access';
import type { NumberRules } from '#domain/plates/number-choice';
import type { StalenessSettings } from '#domain/police/staleness-settings';
import type { Database, Queryable } from '../db/database';
import { auditRepository } from '../repositories/audit-repository';
import { settingsRepository, type StoredSetting } from '../repositories/settings-repository';

/** Who changes a setting, when (the server's clock) and from where. */
export interface SettingChangeBy {
  adminId: string;
  at: Date;
  ip: string;
}

interface Store<T> {
  get(): Promise<StoredSetting<T>>;
  set(settings: T, changedBy: string, at: Date): Promise<StoredSetting<T>>;
}

async function changeSetting<T>(
  db: Database,
  store: (tx: Queryable) => Store<T>,
  audit: { action: string; target: string },
  value: T,
  { adminId, at, ip }: SettingChangeBy,
): Promise<StoredSetting<T>> {
  return db.transaction(async (tx) => {
    const before = await store(tx).get();
    const after = await store(tx).set(value, adminId, at);
    await auditRepository(tx).record({
      actorId: adminId,
      action: audit.action,
      target: audit.target,
      detail: { before: before.settings, after: value },
      ip,
    });
    return after;
  });
}

export function changePricing(db: Database, value: PricingSettings, by: SettingChangeBy) {
  return changeSetting(
    db,
    (tx) => {
      const settings = settingsRepository(tx);
      return { get: settings.pricing, set: settings.setPricing };
    },
    { action: 'settings.pricing', target: 'pricing' },
    value,
    by,
  );
}

/** Sent to administrators' devices too (the repository publishes it). */
export function changeStockThresholds(db: Database, value: StockThresholds, by: SettingChangeBy) {
  return changeSetting(
    db,
    (tx) => {
      const settings = settingsRepository(tx);
      return { get: settings.stockThresholds, set: settings.setStockThresholds };
    },
    { action: 'settings.stock', target: 'stockThresholds' },
    value,
    by,
  );
}

export function changeLookupThreshold(db: Database, value: LookupThreshold, by: SettingChangeBy) {
  return changeSetting(
    db,
    (tx) => {
      const settings = settingsRepository(tx);
      return { get: settings.lookupThreshold, set: settings.setLookupThreshold };
    },
    { action: 'settings.lookup-threshold', target: 'lookupThreshold' },
    value,
    by,
  );
}

/** Whether delivery is offered and its fee: charges from now on use it. */
export function changeDelivery(db: Database, value: DeliverySettings, by: SettingChangeBy) {
  return changeSetting(
    db,
    (tx) => {
      const settings = settingsRepository(tx);
      return { get: settings.delivery, set: settings.setDelivery };
    },
    { action: 'settings.delivery', target: 'delivery' },
    value,
    by,
  );
}

/** The offensive-word list chosen numbers are checked against. */
export function changeNumberRules(db: Database, value: NumberRules, by: SettingChangeBy) {
  return changeSetting(
    db,
    (tx) => {
      const settings = settingsRepository(tx);
      return { get: settings.numberRules, set: settings.setNumberRules };
    },
    { action: 'settings.number-rules', target: 'numberRules' },
    value,
    by,
  );
}

/** The verdict's staleness thresholds: devices receive them with their next revocation-list refresh. */
export function changeStaleness(db: Database, value: StalenessSettings, by: SettingChangeBy) {
  return changeSetting(
    db,
    (tx) => {
      const settings = settingsRepository(tx);
      return { get: settings.staleness, set: settings.setStaleness };
    },
    { action: 'settings.staleness', target: 'verificationStaleness' },
    value,
    by,
  );
}
