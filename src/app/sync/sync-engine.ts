/**
 * Runs sync: on start, when the browser comes back online, on an interval, and
 * shortly after each local write. Only one tab syncs at a time (Web Locks); after
 * a failure it backs off (1 s, 2 s, 4 s … up to a minute).
 */
import { db } from '../store/database';
import { onLocalWrite } from '../store/mutate';
import { sendIntent } from './intents';
import { pullListings } from './pull';
import { pushOutbox, type PushSummary } from './push';

const INTERVAL_MS = 30_000;
const MAX_BACKOFF_MS = 60_000;

export interface SyncStatus {
  isSyncing: boolean;
  lastSyncedAt: number | null;
  lastError: string | null;
}

let status: SyncStatus = { isSyncing: false, lastSyncedAt: null, lastError: null };
const statusListeners = new Set<() => void>();
let failures = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<PushSummary | undefined> | undefined;

function setStatus(next: Partial<SyncStatus>): void {
  status = { ...status, ...next };
  for (const listener of statusListeners) listener();
}

export function getSyncStatus(): SyncStatus {
  return status;
}

export function subscribeSyncStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

function schedule(delayMs: number): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void syncNow(), delayMs);
}

async function runOnce(): Promise<PushSummary | undefined> {
  if (!navigator.onLine) return undefined;
  setStatus({ isSyncing: true });
  try {
    const summary = await pushOutbox(db, sendIntent);
    if (!summary.retryReason) {
      try {
        await pullListings(db);
      } catch (error) {
        summary.retryReason = error instanceof Error ? error.message : 'pull failed';
      }
    }
    if (summary.retryReason) {
      failures += 1;
      setStatus({ lastError: summary.retryReason === 'offline' ? null : summary.retryReason });
      schedule(Math.min(1000 * 2 ** (failures - 1), MAX_BACKOFF_MS));
    } else {
      failures = 0;
      const lastSyncedAt = Date.now();
      await db.meta.put({ key: 'lastSyncedAt', value: lastSyncedAt });
      setStatus({ lastSyncedAt, lastError: null });
      schedule(INTERVAL_MS);
    }
    return summary;
  } finally {
    setStatus({ isSyncing: false });
  }
}

/** Syncs now (or joins the run in progress) and resolves when it is done. */
export function syncNow(): Promise<PushSummary | undefined> {
  if (running) return running;
  const run = async () => {
    // One tab at a time: the others skip; the holder's run covers their writes too.
    if ('locks' in navigator) {
      return navigator.locks.request('nambala-sync', { ifAvailable: true }, (lock) => (lock ? runOnce() : undefined));
    }
    return runOnce();
  };
  running = run().finally(() => {
    running = undefined;
  });
  return running;
}

let started = false;
export async function startSync(): Promise<void> {
  if (started) return;
  started = true;
  const last = await db.meta.get('lastSyncedAt');
  if (typeof last?.value === 'number') setStatus({ lastSyncedAt: last.value });
  window.addEventListener('online', () => {
    failures = 0;
    void syncNow();
  });
  onLocalWrite(() => schedule(50));
  void syncNow();
}
