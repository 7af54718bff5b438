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
import { sendIntents } from './push-transport';
import {
  getSession,
  previousAccountCleared,
  refreshSession,
  type SessionState,
  subscribeSession,
} from '../session/session-store';
import { pullAccountData, pullListings, SignedOutError } from './pull';
import { pullChangesOffThread, refreshRegistryCopyOffThread, refreshTrustOffThread } from './off-thread';
import { pushOutbox, type PushSummary } from './push';
import { OUTBOX_HINT_KEY, setSyncStatus } from './sync-status';
import { claimVisitorFavourites } from './favourites';
import { RegistryCopyRefused } from '../verdicts/registry-copy';
import { isOnline, subscribeOnline } from '../api/reachability';

const INTERVAL_MS = 30_000;
const MAX_BACKOFF_MS = 60_000;

let failures = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<PushSummary | undefined> | undefined;
/** The run that starts once the one in progress ends, shared by everyone who asked meanwhile. */
let followUp: Promise<PushSummary | undefined> | undefined;
/** Whether the run in progress has pushed. After one that could not (offline, another tab syncing), those waiting for a push are answered at once. */
let pushedThisRun = false;
/** Whom the run in progress (or the last one) pulls for: an account's id, null for a visitor; undefined while a run has yet to read the session. */
let pulledFor: string | null | undefined;

interface PushWaiters {
  promise: Promise<PushSummary | undefined>;
  resolve: (summary: PushSummary | undefined) => void;
}
/** Those waiting for a push that starts after they asked (a form's Save): the next push answers them. */
let nextPush: PushWaiters | undefined;

function waitForNextPush(): Promise<PushSummary | undefined> {
  if (!nextPush) {
    let resolve: PushWaiters['resolve'] = () => {};
    const promise = new Promise<PushSummary | undefined>((settle) => (resolve = settle));
    nextPush = { promise, resolve };
  }
  return nextPush.promise;
}

/** Takes those waiting for a push: the push about to start answers them. */
function takePushWaiters(): PushWaiters | undefined {
  const waiters = nextPush;
  nextPush = undefined;
  return waiters;
}

function schedule(delayMs: number): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void syncNow(), delayMs);
}

async function push(): Promise<PushSummary> {
  const waiters = takePushWaiters();
  pushedThisRun = true;
  try {
    const summary = await pushOutbox(db, sendIntents);
    waiters?.resolve(summary);
    return summary;
  } catch (error) {
    waiters?.resolve(undefined);
    throw error;
  }
}

/** Between two pulls: a push someone waits for goes now, not after the remaining pulls. */
async function pushIfAwaited(summary: PushSummary): Promise<void> {
  if (!nextPush) return;
  const again = await push();
  summary.applied += again.applied;
  summary.rejected += again.rejected;
  if (again.retryReason) throw new Error(again.retryReason);
}

function userOf(session: SessionState): string | null {
  return session.status === 'signed-in' ? session.user.id : null;
}

/**
 * Who is signed in, as this run will pull for them. A page opened with a session cookie
 * but no copy of its user on the device (signed in in another tab that has since
 * forgotten, or by a script) asks the server first rather than pull as a visitor.
 */
async function sessionForRun(): Promise<SessionState> {
  let session = getSession();
  if (session.status === 'unknown') session = await refreshSession().catch(() => getSession());
  // Another account's copies are being removed: pull the new one's after, not beneath the clearing.
  await previousAccountCleared();
  return session;
}

async function runOnce(): Promise<PushSummary | undefined> {
  if (!navigator.onLine) return undefined;
  setSyncStatus({ isSyncing: true });
  try {
    const session = await sessionForRun();
    pulledFor = userOf(session);
    // Favourites made before signing in become the account's, before the first pull could replace them.
    if (session.status === 'signed-in') await claimVisitorFavourites(db);
    const summary = await push();
    if (!summary.retryReason) {
      try {
        const pulls: Array<() => Promise<unknown>> = [
          () => pullListings(db),
          // Keys and revocations for everyone: any device verifies a plate's QR code offline.
          refreshTrustOffThread,
        ];
        if (session.status === 'signed-in') {
          pulls.push(
            () => pullAccountData(db, session.user),
            () => pullChangesOffThread((pullProgress) => setSyncStatus({ pullProgress })),
          );
          if (session.user.roles.includes('police'))
            pulls.push(() => refreshRegistryCopyOffThread((registryProgress) => setSyncStatus({ registryProgress })));
        }
        for (const pull of pulls) {
          await pull();
          await pushIfAwaited(summary);
        }
      } catch (error) {
        // The session ended on the server: find out who (if anyone) is signed in; the outbox stays.
        if (error instanceof SignedOutError || (error instanceof RegistryCopyRefused && error.status === 401))
          void refreshSession();
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

function startRun(): Promise<PushSummary | undefined> {
  pushedThisRun = false;
  pulledFor = undefined;
  const run = async () => {
    // One tab at a time: the others skip; the holder's run covers their writes too.
    if ('locks' in navigator) {
      return navigator.locks.request('nambala-sync', { ifAvailable: true }, (lock) => (lock ? runOnce() : undefined));
    }
    return runOnce();
  };
  const current: Promise<PushSummary | undefined> = run().finally(() => {
    running = undefined;
    pulledFor ??= null; // it never read the session (offline, another tab syncing)
    if (!nextPush) return;
    // Asked for after this run's last push: the next run sends it. A run that could not
    // push at all (offline, another tab syncing, an error) answers at once: nothing was sent.
    if (pushedThisRun) void syncNow();
    else takePushWaiters()?.resolve(undefined);
  });
  running = current;
  return current;
}

/**
 * Syncs now and resolves when it is done. When a run is in progress it may already be past
 * what the caller changed (its push read the outbox, its pulls were fetched): one more run
 * follows it, shared by everyone who asks meanwhile.
 */
export function syncNow(): Promise<PushSummary | undefined> {
  if (!running) {
    startSync(); // the first time, this starts the first run
    return running ?? startRun();
  }
  followUp ??= running.then(startFollowUp, startFollowUp);
  return followUp;
}

function startFollowUp(): Promise<PushSummary | undefined> {
  followUp = undefined;
  return running ?? startRun();
}

/**
 * Pushes the device's waiting changes now and resolves with what became of them,
 * without waiting for the pulls that follow: a push that starts after this call, at
 * once, or between two pulls of the run in progress.
 */
export function pushNow(): Promise<PushSummary | undefined> {
  const pushed = waitForNextPush();
  startSync();
  if (!running) void syncNow();
  return pushed;
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
  // Back online (the browser says so, or the server answers again): what waits goes now.
  subscribeOnline(() => {
    if (!isOnline()) return;
    failures = 0;
    void syncNow();
  });
  onLocalWrite(() => schedule(50));
  // Someone signs in (or another account does): their data comes now, not at the next interval.
  // A run that has not yet read the session will pull for them itself.
  subscribeSession(() => {
    const user = userOf(getSession());
    if (user === null || user === pulledFor || pulledFor === undefined) return;
    void syncNow();
  });
  void syncNow();
}
