/**
 * The sync engine's runs, with the store, the network steps and the session stood in for:
 * who is answered, by which push, and when. A caller who changed something on the server
 * gets a run that starts after they asked; a form's push does not wait for the pulls.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushSummary } from '../../../src/app/sync/push';

/** A step the test lets finish when it chooses. */
function gate() {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const steps = vi.hoisted(() => ({
  log: [] as string[],
  /** What each pull waits for before it finishes; a step not listed finishes at once. */
  hold: {} as Record<string, Promise<void>>,
}));

type Session =
  { status: 'unknown' } | { status: 'signed-out' } | { status: 'signed-in'; user: { id: string; roles: string[] } };
const ADMIN: Session = { status: 'signed-in', user: { id: 'USR-001', roles: ['admin'] } };
/** Who the device thinks is signed in, what the server says when asked, and who listens. */
const session = vi.hoisted(() => ({
  state: undefined as unknown as Session,
  server: undefined as unknown as Session,
  listeners: new Set<() => void>(),
  /** When the copies of whoever used the device before are gone. */
  cleared: Promise.resolve(),
  change(next: Session) {
    this.state = next;
    for (const listener of this.listeners) listener();
  },
}));

async function step(name: string): Promise<void> {
  steps.log.push(name);
  await steps.hold[name];
}

vi.mock('dexie', () => ({ liveQuery: () => ({ subscribe: () => ({ unsubscribe() {} }) }) }));
vi.mock('../../../src/app/store/database', () => ({
  db: { meta: { get: async () => undefined, put: async () => undefined } },
}));
vi.mock('../../../src/app/store/mutate', () => ({ onLocalWrite: () => () => {} }));
vi.mock('../../../src/app/sync/push-transport', () => ({ sendIntents: async () => [] }));
vi.mock('../../../src/app/sync/favourites', () => ({ claimVisitorFavourites: async () => 0 }));
vi.mock('../../../src/app/session/session-store', () => ({
  getSession: () => session.state,
  refreshSession: async () => {
    steps.log.push('session');
    session.change(session.server);
    return session.state;
  },
  previousAccountCleared: () => session.cleared,
  subscribeSession: (listener: () => void) => {
    session.listeners.add(listener);
    return () => session.listeners.delete(listener);
  },
}));
vi.mock('../../../src/app/sync/pull', () => ({
  SignedOutError: class SignedOutError extends Error {},
  pullListings: () => step('listings'),
  pullAccountData: () => step('account'),
}));
vi.mock('../../../src/app/sync/off-thread', () => ({
  refreshTrustOffThread: () => step('trust'),
  pullChangesOffThread: () => step('changes'),
  refreshRegistryCopyOffThread: () => step('registry'),
}));
vi.mock('../../../src/app/sync/push', () => ({
  pushOutbox: async (): Promise<PushSummary> => {
    steps.log.push('push');
    return { applied: steps.log.filter((name) => name === 'push').length, rejected: 0 };
  },
}));

/** Resolves with 'waiting' if the promise has not settled once pending work has run. */
async function settledOrWaiting<T>(promise: Promise<T>): Promise<T | 'waiting'> {
  return Promise.race([promise, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 50))]);
}

describe('the sync engine', () => {
  let online = true;
  beforeEach(() => {
    vi.resetModules();
    steps.log.length = 0;
    steps.hold = {};
    session.state = ADMIN;
    session.server = ADMIN;
    session.listeners.clear();
    session.cleared = Promise.resolve();
    online = true;
    vi.stubGlobal('navigator', {
      get onLine() {
        return online;
      },
    });
    vi.stubGlobal('window', { addEventListener() {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asked to sync during a run, runs once more after it: the run in progress may have fetched before the change', async () => {
    const listings = gate();
    steps.hold.listings = listings.promise;
    const { syncNow } = await import('../../../src/app/sync/sync-engine');
    const first = syncNow();
    await vi.waitFor(() => expect(steps.log).toEqual(['push', 'listings']));
    // Two screens ask while the run is pulling: they share one run after it.
    const second = syncNow();
    const third = syncNow();
    expect(second).toBe(third);
    expect(second).not.toBe(first);
    listings.open();
    await first;
    await second;
    expect(steps.log).toEqual([
      'push',
      'listings',
      'trust',
      'account',
      'changes',
      'push',
      'listings',
      'trust',
      'account',
      'changes',
    ]);
  });

  it('a push asked for while a run pulls goes between two pulls, and answers before the pulls end', async () => {
    const listings = gate();
    const changes = gate();
    steps.hold.listings = listings.promise;
    steps.hold.changes = changes.promise;
    const { pushNow, syncNow } = await import('../../../src/app/sync/sync-engine');
    const run = syncNow();
    await vi.waitFor(() => expect(steps.log).toEqual(['push', 'listings']));
    const pushed = pushNow();
    listings.open();
    expect(await settledOrWaiting(pushed)).toEqual({ applied: 2, rejected: 0 });
    expect(steps.log.slice(0, 3)).toEqual(['push', 'listings', 'push']);
    await vi.waitFor(() => expect(steps.log.at(-1)).toBe('changes'));
    changes.open();
    // The run's own summary counts both pushes; no run follows, as nothing else was asked.
    expect(await run).toMatchObject({ applied: 3 });
    expect(steps.log).toEqual(['push', 'listings', 'push', 'trust', 'account', 'changes']);
  });

  it('a push asked for when no run is going starts one, and answers before its pulls end', async () => {
    const listings = gate();
    steps.hold.listings = listings.promise;
    const { pushNow } = await import('../../../src/app/sync/sync-engine');
    expect(await settledOrWaiting(pushNow())).toEqual({ applied: 1, rejected: 0 });
    expect(steps.log).toEqual(['push', 'listings']);
    listings.open();
  });

  it('offline, a push asked for is answered at once with nothing sent', async () => {
    online = false;
    const { pushNow } = await import('../../../src/app/sync/sync-engine');
    expect(await settledOrWaiting(pushNow())).toBeUndefined();
    expect(steps.log).toEqual([]);
  });

  it('a page opened before the device knows who is signed in asks the server first, and pulls the account’s data in its first run', async () => {
    // Signed in by a cookie this device has no copy of (another tab, the address typed after a sign-in).
    session.state = { status: 'unknown' };
    const { syncNow } = await import('../../../src/app/sync/sync-engine');
    await syncNow();
    expect(steps.log).toEqual(['session', 'push', 'listings', 'trust', 'account', 'changes']);
    // The answer came while the run was going and the run used it: no second run for it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(steps.log).toHaveLength(6);
  });

  it('signing in while a run pulls for a visitor starts one more run, which pulls the account’s data', async () => {
    session.state = { status: 'signed-out' };
    const listings = gate();
    steps.hold.listings = listings.promise;
    const { syncNow } = await import('../../../src/app/sync/sync-engine');
    const first = syncNow();
    await vi.waitFor(() => expect(steps.log).toEqual(['push', 'listings']));
    session.change(ADMIN);
    listings.open();
    await first;
    await vi.waitFor(() =>
      expect(steps.log).toEqual(['push', 'listings', 'trust', 'push', 'listings', 'trust', 'account', 'changes']),
    );
  });

  it('signing in after a visitor’s run pulls the account’s data at once, not at the next interval', async () => {
    session.state = { status: 'signed-out' };
    const { syncNow } = await import('../../../src/app/sync/sync-engine');
    await syncNow();
    expect(steps.log).not.toContain('account');
    session.change(ADMIN);
    await vi.waitFor(() => expect(steps.log.filter((name) => name === 'account')).toHaveLength(1));
  });

  it('when another account signs in, its data is pulled after the previous account’s copies are removed, not beneath the clearing', async () => {
    const { syncNow } = await import('../../../src/app/sync/sync-engine');
    await syncNow();
    steps.log.length = 0;
    const clearing = gate();
    session.cleared = clearing.promise.then(() => void steps.log.push('cleared'));
    session.change({ status: 'signed-in', user: { id: 'USR-002', roles: ['buyer'] } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(steps.log).toEqual([]);
    clearing.open();
    await vi.waitFor(() => expect(steps.log).toEqual(['cleared', 'push', 'listings', 'trust', 'account', 'changes']));
  });
});
