/**
 * Asks the browser to keep this site's storage under pressure, so that changes
 * waiting in the outbox are not evicted. Browsers may say no; we cope either way.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
