/** The administrator's copy of every account, read live from the device's store. */
import { useStoreQuery } from '../../store/use-store-query';
import { useEffect } from 'react';
import type { LocalUser } from '../../store/database';
import { startSync } from '../../sync/sync-engine';

export function useAdminUsers(): LocalUser[] | undefined {
  useEffect(() => startSync(), []);
  return useStoreQuery(async (db) => {
    const users = await db.adminUsers.toArray();
    return users
      .filter((user) => !user.isDeleted)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  });
}

/** When the list was last brought from the server (null: never on this device). */
export function useAdminUsersPulledAt(): number | null | undefined {
  return useStoreQuery(async (db) => {
    const entry = await db.meta.get('adminUsersPulledAt');
    return typeof entry?.value === 'number' ? entry.value : null;
  });
}
