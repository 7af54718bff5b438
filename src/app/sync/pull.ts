/**
 * Pulls server data the device keeps for offline reading. Each pull replaces the
 * local copy in one transaction, so a reader never sees half an update; a row with
 * a change still waiting in the outbox keeps the device's version until the server
 * has answered for it.
 * Small public or per-user copies are replaced whole; the agent's workspace (and
 * what grows) comes through the change log, page by page from a cursor.
 */
import type { PlateListing } from '#domain/marketplace/listing';
import {
  CHANGE_LOG_TABLES,
  type ChangeLogTable,
  type LocalNotification,
  type LocalOwnerOrder,
  type LocalPayment,
  type LocalUser,
  type NambalaDatabase,
} from '../store/database';
import type { SessionUser } from '../session/session-store';
import { apiRequest } from '../api/api-client';
import { isStoreOlderThanPage, takePageListings } from './page-listings';

type MirrorTable = 'listings' | 'adminUsers' | 'notifications' | 'myOrders' | 'myPayments';

/** The change-log entity of a bucket's re-issued credentials, and what it carries for each plate. */
const CREDENTIAL_BUCKET_ENTITY = 'credentialBucket';
interface ReissuedCredential {
  plateNumber: string;
  keyId: number;
  credentialDigits: string;
}

/** An owner's plate with its registration's credential replaced; a plate without a registration is left as it is. */
function withCredential<Row extends object | null>(view: Row, credential: ReissuedCredential): Row {
  if (view === null || !('registration' in view) || typeof view.registration !== 'object' || view.registration === null)
    return view;
  return {
    ...view,
    registration: { ...view.registration, keyId: credential.keyId, credentialDigits: credential.credentialDigits },
  };
}

/** Thrown when the server says the session has ended, so the engine can ask who is signed in. */
export class SignedOutError extends Error {
  constructor() {
    super('signed out');
    this.name = 'SignedOutError';
  }
}

/**
 * Only what differs is written: a table written to re-runs every screen that reads it, and
 * most pulls (every 30 s, and after each change) bring the same rows again. An
 * administrator's user list of hundreds was rewritten on every run, and redrawn with it.
 */
async function replaceMirror<Row extends { id: string }>(
  database: NambalaDatabase,
  tableName: MirrorTable,
  rows: readonly Row[],
  pulledAtKey: string,
): Promise<void> {
  const table = database.table<Row & { syncState?: string }, string>(tableName);
  await database.transaction('rw', table, database.outbox, database.meta, async () => {
    const waiting = new Set(
      (await database.outbox.filter((entry) => entry.table === tableName).toArray()).map((entry) => entry.rowId),
    );
    const stored = new Map((await table.toArray()).map((row) => [row.id, JSON.stringify(row)]));
    const incoming = new Set(rows.map((row) => row.id));
    const gone = [...stored.keys()].filter((id) => !incoming.has(id) && !waiting.has(id));
    const changed = rows
      .filter((row) => !waiting.has(row.id))
      .map((row) => ({ ...row, syncState: 'synced' }))
      .filter((row) => stored.get(row.id) !== JSON.stringify(row));
    if (gone.length > 0) await table.bulkDelete(gone);
    if (changed.length > 0) await table.bulkPut(changed);
    await database.meta.put({ key: pulledAtKey, value: Date.now() });
  });
}

async function getJson<T>(path: string): Promise<T> {
  const result = await apiRequest<T>('GET', path);
  if (result.status === 401) throw new SignedOutError();
  if (!result.ok) throw new Error(`${path} answered ${result.status}`);
  return result.body;
}

/**
 * The listings the server wrote into this page are taken into the store on the first run
 * instead of asking for them again (decision 073), unless the store's copy is fresher; every
 * later run asks the server.
 */
export async function pullListings(database: NambalaDatabase): Promise<number> {
  const fromPage = takePageListings();
  if (fromPage) {
    const pulledAt = await database.meta.get('listingsPulledAt');
    if (isStoreOlderThanPage(typeof pulledAt?.value === 'number' ? pulledAt.value : null))
      await replaceMirror(database, 'listings', fromPage.listings, 'listingsPulledAt');
    return fromPage.listings.length;
  }
  const { listings } = await getJson<{ listings: PlateListing[] }>('/api/listings');
  await replaceMirror(database, 'listings', listings, 'listingsPulledAt');
  return listings.length;
}

/**
 * What the signed-in user's roles let them keep: their notifications, orders in progress
 * and payments (small, so replaced whole), and for an administrator the accounts.
 */
export async function pullAccountData(database: NambalaDatabase, user: SessionUser): Promise<void> {
  const [{ notifications }, { orders }, { payments }] = await Promise.all([
    getJson<{ notifications: LocalNotification[] }>('/api/notifications'),
    getJson<{ orders: LocalOwnerOrder[] }>('/api/me/orders'),
    getJson<{ payments: LocalPayment[] }>('/api/payments'),
  ]);
  await replaceMirror(database, 'notifications', notifications, 'notificationsPulledAt');
  await replaceMirror(database, 'myOrders', orders, 'myOrdersPulledAt');
  await replaceMirror(database, 'myPayments', payments, 'myPaymentsPulledAt');
  if (user.roles.includes('admin')) {
    const { users } = await getJson<{ users: LocalUser[] }>('/api/admin/users');
    await replaceMirror(database, 'adminUsers', users, 'adminUsersPulledAt');
  }
}

interface PullPage {
  changes: Array<{ entity: string; id: string; op: 'put' | 'delete'; data: Record<string, unknown> | null }>;
  cursor: string;
  hasMore: boolean;
  remaining: number;
  reset: boolean;
}

export const CHANGE_CURSOR_KEY = 'changeCursor';
/** Rows put into IndexedDB in one go while a page is written on the main thread. */
const PUT_SLICE = 150;
/** Pages at least this long in total show a progress bar. */
const PROGRESS_THRESHOLD = 1000;

/**
 * Pulls the change log since this device's cursor, page by page. Each page and
 * the cursor after it are stored in one transaction, so an interrupted pull
 * resumes where it stopped. A row with a change waiting in the outbox keeps the
 * device's version. `reset` (the user's roles changed, or the device never
 * pulled) replaces everything the change log fills: rows of a scope the user lost
 * are deleted.
 *
 * On the main thread (the default) pages of 600 are put in slices of 150, so no page
 * holds the screen for long; the store worker (store-worker.ts) uses larger pages
 * written whole, as nothing waits on its thread (see docs/performance.md).
 */
export async function pullChanges(
  database: NambalaDatabase,
  onProgress: (progress: { received: number; total: number } | null) => void = () => {},
  { pageSize = 600, putSlice = PUT_SLICE }: { pageSize?: number; putSlice?: number } = {},
): Promise<number> {
  const tables = Object.values(CHANGE_LOG_TABLES).map((name) => database.table(name));
  let received = 0;
  let total = 0;
  const request = (cursor: string | null) => {
    const pending = getJson<PullPage>(
      `/api/sync/pull?limit=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    // Awaited below, or dropped with a run that failed first: never left unhandled.
    pending.catch(() => undefined);
    return pending;
  };
  try {
    const stored = await database.meta.get(CHANGE_CURSOR_KEY);
    let next = request(typeof stored?.value === 'string' ? stored.value : null);
    for (;;) {
      const page = await next;
      // The next page is on its way while this one is written: the network and IndexedDB
      // work at the same time. Its cursor is stored only with it, so a failure resumes here.
      if (page.hasMore) next = request(page.cursor);
      await database.transaction('rw', [...tables, database.outbox, database.meta], async () => {
        const waiting = new Set(
          (await database.outbox.where('status').anyOf('pending', 'rejected').toArray()).map(
            (entry) => `${entry.table}/${entry.rowId}`,
          ),
        );
        if (page.reset) {
          for (const table of tables) {
            const keep = (await table.toCollection().primaryKeys()).filter(
              (id) => !waiting.has(`${table.name}/${String(id)}`),
            );
            await table.bulkDelete(keep);
          }
        }
        // The last change to each row wins; rows are written in bulk, per table.
        const latest = new Map<ChangeLogTable, Map<string, Record<string, unknown> | null>>();
        // Re-issued credentials come a bucket at a time (src/server/jobs/credential-reissue.ts):
        // each goes into the owner's plate, unless a newer view of that plate follows in the page.
        const reissued = new Map<string, ReissuedCredential>();
        for (const change of page.changes) {
          if (change.entity === CREDENTIAL_BUCKET_ENTITY) {
            for (const plate of (change.data as { plates?: ReissuedCredential[] } | null)?.plates ?? []) {
              const view = latest.get('ownedPlates')?.get(plate.plateNumber);
              if (view) latest.get('ownedPlates')?.set(plate.plateNumber, withCredential(view, plate));
              else reissued.set(plate.plateNumber, plate);
            }
            continue;
          }
          if (change.entity === 'ownedPlate') reissued.delete(change.id);
          const tableName = (CHANGE_LOG_TABLES as Record<string, ChangeLogTable | undefined>)[change.entity];
          // An entity this version of the app does not keep: skipped, not an error.
          if (!tableName || waiting.has(`${tableName}/${change.id}`)) continue;
          const rows = latest.get(tableName) ?? new Map<string, Record<string, unknown> | null>();
          rows.set(change.id, change.op === 'delete' ? null : change.data);
          latest.set(tableName, rows);
        }
        for (const [tableName, changed] of latest) {
          const entries = [...changed];
          const table = database.table(tableName);
          await table.bulkDelete(entries.filter(([, data]) => data === null).map(([id]) => id));
          const puts = entries.flatMap(([id, data]) => (data === null ? [] : [{ ...data, id, syncState: 'synced' }]));
          // In slices: IndexedDB copies each row on the calling thread as it is put, and a
          // slice awaited is a task ended, so a page never holds the screen for long.
          for (let start = 0; start < puts.length; start += putSlice)
            await table.bulkPut(puts.slice(start, start + putSlice));
        }
        for (const [plateNumber, credential] of reissued) {
          if (waiting.has(`ownedPlates/${plateNumber}`)) continue;
          const held = await database.ownedPlates.get(plateNumber);
          if (held) await database.ownedPlates.put(withCredential(held, credential) as typeof held);
        }
        await database.meta.put({ key: CHANGE_CURSOR_KEY, value: page.cursor });
      });
      received += page.changes.length;
      // The server counts what is still to come on a pull's first page; later pages count down from it.
      if (page.remaining > 0) total = received + page.remaining;
      if (total >= PROGRESS_THRESHOLD) onProgress({ received, total: Math.max(total, received) });
      if (!page.hasMore) return received;
    }
  } finally {
    onProgress(null);
  }
}
