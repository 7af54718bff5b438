/**
 * Starts the sync engine, fetching it first: for screens and start-up paths that must
 * not carry the engine (and the store under it) in their own code (decision 017).
 */
export function startSyncLazily(): void {
  void import('./sync-engine').then((engine) => engine.startSync());
}
