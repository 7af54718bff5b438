/**
 * The device store's heavy work, off the main thread: a first sync's change-log
 * pages, the registry's keys and revocations and an officer's registry copy are
 * fetched, parsed and put into IndexedDB here, through this worker's own connection to the same database, and a typed
 * plate is looked up in the copy here, where no rendering or garbage collection of
 * the page can hold the read up. The screens still read through their live queries:
 * Dexie tells every context of the origin what a transaction here changed. The main
 * thread's side is off-thread.ts.
 */
import { refreshRegistryCopy } from '../verdicts/registry-copy';
import { refreshTrust } from '../verdicts/trust';
import { verifyAgainstCopy } from '../verdicts/verify';
import { db } from '../store/database';
import { type OffThreadReply, type OffThreadRequest, serializeError } from './off-thread-protocol';
import { pullChanges } from './pull';

/**
 * A worker's writes hold no screen, so pages are larger and written whole: fewer
 * transactions and requests for the same records.
 */
const WORKER_PULL_PAGE = 2500;

const scope = self as unknown as {
  postMessage(message: OffThreadReply): void;
  onmessage: ((event: MessageEvent<OffThreadRequest>) => void) | null;
};

async function run(request: OffThreadRequest, progress: (value: unknown) => void): Promise<unknown> {
  switch (request.task) {
    case 'pullChanges':
      return pullChanges(db, progress, { pageSize: WORKER_PULL_PAGE, putSlice: Infinity });
    case 'refreshRegistryCopy':
      return refreshRegistryCopy(db, progress);
    case 'refreshTrust':
      return refreshTrust(db);
    case 'verifyAgainstCopy': {
      const outcome = await verifyAgainstCopy(db, request.args?.plateNumber ?? '', request.args?.id ?? '');
      // When it ended on the shared clock, so the page can place the compute time on its own timeline.
      return { outcome, endedAt: performance.timeOrigin + performance.now() };
    }
  }
}

scope.onmessage = (event) => {
  const request = event.data;
  run(request, (value) => scope.postMessage({ id: request.id, kind: 'progress', value })).then(
    (value) => scope.postMessage({ id: request.id, kind: 'done', value }),
    (error: unknown) => scope.postMessage({ id: request.id, kind: 'failed', error: serializeError(error) }),
  );
};
