/**
 * Runs sync: on start, when the browser comes back online, on an interval, and
 * shortly after each local write. Only one tab syncs at a time (Web Locks); after
 * a failure it backs off (1 s, 2 s, 4 s … up to a minute).
 *
 * The engine is loaded on demand (see start.tsx): at start when the device holds
 * unconfirmed changes, and by any screen that reads or writes the local store.
 */
import { liveQuery } from 'dexie';
import { db } from '../store/database';
import { onLocalWrite } from '../store/mutate';
import { sendIntents } from './intents';
import { getSession, refreshSession } from '../session/session-store';
import { pullAccountData, pullListings, SignedOutError } from './pull';
import { pullChangesOffThread, refreshRegistryCopyOffThread, refreshTrustOffThread } from './off-thread';
import { pushOutbox, type PushSummary } from './push';
import { OUTBOX_HINT_KEY, setSyncStatus } from './sync-status';
import { claimVisitorFavourites } from './favourites';
import { RegistryCopyRefused } from '../registry/registry-copy';

const INTERVAL_MS = 30_000;
const MAX_BACKOFF_MS = 60_000;

let failures = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<PushSummary | undefined> | undefined;
/** The running sync's push, until it is done: a form waits for this, not for the pulls after it. */
let pushing: Promise<PushSummary | undefined> | undefined;

function schedule(delayMs: number): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void syncNow(), delayMs);
}

async function runOnce(pushed: (summary: PushSummary) => void): Promise<PushSummary | undefined> {
  if (!navigator.onLine) return undefined;
  setSyncStatus({ isSyncing: true });
  try {
    // Favourites made before signing in become the account's, before the first pull could replace them.
    if (getSession().status === 'signed-in') await claimVisitorFavourites(db);
    const summary = await pushOutbox(db, sendIntents);
    pushed(summary);
    if (!summary.retryReason) {
      try {
        await pullListings(db);
        // Keys and revocations for everyone: any device verifies a plate's QR code offline.
        await refreshTrustOffThread();
        const session = getSession();
        if (session.status === 'signed-in') {
          await pullAccountData(db, session.user);
          await pullChangesOffThread((pullProgress) => setSyncStatus({ pullProgress }));
          if (session.user.roles.includes('police')) await refreshRegistryCopyOffThread((registryProgress) => setSyncStatus({ registryProgress }));
        }
      } catch (error) {
        // The session ended on the server: find out who (if anyone) is signed in; the outbox stays.
        if (error instanceof SignedOutError || (error instanceof RegistryCopyRefused && error.status === 401)) void refreshSession();
        else summary.retryReason = error instanceof Error ? error.message : 'pull failed';
      }
    }
    if (summary.retryReason) {
      failures += 1;
      setSyncStatus({ lastError: summary.retryReason === 'offline' ? null : summary.retryReason });
      schedule(Math.min(1000 * 2 ** (failures - 1), MAX_BACKOFF_MS));
    } else {
      failures = 0;
      const lastSyncedAt = Date.now();
      await db.meta.put({ key: 'lastSyncedAt', value: lastSyncedAt });
      setSyncStatus({ lastSyncedAt, lastError: null });
      schedule(INTERVAL_MS);
    }
    return summary;
  } finally {
    setSyncStatus({ isSyncing: false });
  }
}

/** Syncs now (or joins the run in progress) and resolves when it is done. */
export function syncNow(): Promise<PushSummary | undefined> {
  startSync();
  if (running) return running;
  let pushed: (summary: PushSummary | undefined) => void = () => {};
  const push = new Promise<PushSummary | undefined>((resolve) => {
    pushed = (summary) => {
      if (pushing === push) pushing = undefined;
      resolve(summary);
    };
  });
  pushing = push;
  const run = async () => {
    // One tab at a time: the others skip; the holder's run covers their writes too.
    if ('locks' in navigator) {
      return navigator.locks.request('nambala-sync', { ifAvailable: true }, (lock) => (lock ? runOnce(pushed) : undefined));
    }
    return runOnce(pushed);
  };
  running = run().finally(() => {
    running = undefined;
  });
  // A run that ends without pushing (offline, another tab holds the lock, an error) answers too.
  void running.then(pushed, () => pushed(undefined));
  return running;
}

/**
 * Pushes the device's waiting changes now and resolves with what became of them,
 * without waiting for the pulls that follow. A change written after the running
 * sync pushed is sent by the next run.
 */
export function pushNow(): Promise<PushSummary | undefined> {
  startSync();
  if (running && pushing) return pushing;
  if (running) return running.then(pushNow, pushNow);
  void syncNow();
  return pushing ?? Promise.resolve(undefined);
}

function publishOutboxCounts(): void {
  liveQuery(async () => ({
    pending: await db.outbox.where('status').equals('pending').count(),
    rejected: await db.outbox.where('status').equals('rejected').count(),
  })).subscribe({
    next: (counts) => {
      setSyncStatus(counts);
      try {
        if (counts.pending + counts.rejected > 0) localStorage.setItem(OUTBOX_HINT_KEY, '1');
        else localStorage.removeItem(OUTBOX_HINT_KEY);
      } catch {
        // storage unavailable: the hint is only an optimisation
      }
    },
  });
}

let started = false;
/** Starts the engine once; later calls do nothing. */
export function startSync(): void {
  if (started) return;
  started = true;
  // Ask the browser not to evict the device's data (and outbox) under storage pressure.
  void navigator.storage?.persist?.().catch(() => false);
  publishOutboxCounts();
  void db.meta.get('lastSyncedAt').then((last) => {
    if (typeof last?.value === 'number') setSyncStatus({ lastSyncedAt: last.value });
  });
  window.addEventListener('online', () => {
    failures = 0;
    void syncNow();
  });
  onLocalWrite(() => schedule(50));
  void syncNow();
}
