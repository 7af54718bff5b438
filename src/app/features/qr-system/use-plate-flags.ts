/** Every flag officers have raised, as the change log brings them to an administrator's device. */
import { useStoreQuery } from '../../store/use-store-query';
import { useEffect } from 'react';
import type { LocalPlateFlag } from '../../store/database';
import { startSync } from '../../sync/sync-engine';

export function usePlateFlags(): LocalPlateFlag[] | undefined {
  useEffect(() => startSync(), []);
  return useStoreQuery((db) => db.plateFlags.toArray());
}
