/** The officer's checks, flags and registry copy, read live from the device's store. */
import { useStoreQuery } from '../../store/use-store-query';
import { registryCopyMeta, type RegistryCopyMeta } from '../../verdicts/registry-copy';
import type { LocalPlateFlag, LocalPoliceCheck } from '../../store/database';

export function useRecentChecks(limit = 20): LocalPoliceCheck[] | undefined {
  return useStoreQuery((db) => db.policeChecks.orderBy('checkedAt').reverse().limit(limit).toArray());
}

export function useMyFlags(): LocalPlateFlag[] | undefined {
  return useStoreQuery((db) => db.plateFlags.orderBy('createdAt').reverse().toArray());
}

/** The copy's state; null when this device holds none yet. */
export function useRegistryCopy(): RegistryCopyMeta | null | undefined {
  return useStoreQuery(async (db) => (await registryCopyMeta(db)) ?? null);
}
