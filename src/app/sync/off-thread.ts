/**
 * Runs the store's heavy writes (a first sync's pages, an officer's registry copy)
 * in the store worker, so the screen never waits while thousands of records are
 * parsed and put into IndexedDB, and an officer's typed lookup there, away from the
 * page's rendering. Where no worker can run (an old browser, a worker that fails to
 * load) the same code runs here instead: slower to the eye, same result.
 * Why: docs/decisions/014-store-writes-in-a-worker.md.
 */
import {
  RegistryCopyRefused,
  refreshRegistryCopy,
  type CopyProgress,
  type RegistryCopyMeta,
} from '../verdicts/registry-copy';
import { db } from '../store/database';
import { NetworkError } from '../api/api-client';
import type { OffThreadReply, OffThreadRequest, OffThreadTask, SerializedError } from './off-thread-protocol';
import { VERDICT_MEASURE } from '../verdicts/verdict-measure';
import type { VerificationOutcome } from '../verdicts/verify';
import { pullChanges, SignedOutError } from './pull';
import { refreshTrust, type TrustMeta } from '../verdicts/trust';

interface Waiting {
  progress: (value: unknown) => void;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** Said when the worker could not be started or died: the task runs on this thread instead. */
class WorkerUnavailable extends Error {}

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, Waiting>();

function revive(error: SerializedError): Error {
  switch (error.name) {
    case 'SignedOutError':
      return new SignedOutError();
    case 'RegistryCopyRefused':
      return new RegistryCopyRefused(error.status ?? 403);
    case 'NetworkError':
      return new NetworkError(error.message);
    default:
      return new Error(error.message);
  }
}

function failAll(): void {
  worker?.terminate();
  worker = null;
  for (const [, task] of waiting) task.reject(new WorkerUnavailable());
  waiting.clear();
}

function storeWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    worker = new Worker(new URL('./store-worker.ts', import.meta.url), { type: 'module', name: 'nambala-store' });
  } catch {
    return (worker = null);
  }
  worker.onmessage = (event: MessageEvent<OffThreadReply>) => {
    const reply = event.data;
    const task = waiting.get(reply.id);
    if (!task) return;
    if (reply.kind === 'progress') return task.progress(reply.value);
    waiting.delete(reply.id);
    if (reply.kind === 'done') task.resolve(reply.value);
    else task.reject(revive(reply.error));
  };
  // The script did not load, or the worker crashed: what it was doing runs here.
  worker.onerror = (event) => {
    event.preventDefault();
    failAll();
  };
  return worker;
}

async function offThread<Result, Progress>(
  task: OffThreadTask,
  onProgress: (progress: Progress) => void,
  here: () => Promise<Result>,
  args?: OffThreadRequest['args'],
): Promise<Result> {
  const target = storeWorker();
  if (!target) return here();
  const id = nextId++;
  try {
    return await new Promise<Result>((resolve, reject) => {
      waiting.set(id, {
        progress: (value) => onProgress(value as Progress),
        resolve: (value) => resolve(value as Result),
        reject,
      });
      target.postMessage({ id, task, args } satisfies OffThreadRequest);
    });
  } catch (error) {
    if (error instanceof WorkerUnavailable) return here();
    throw error;
  }
}

/** pullChanges on the default store, in the worker when there is one. */
export function pullChangesOffThread(
  onProgress: (progress: { received: number; total: number } | null) => void,
): Promise<number> {
  return offThread('pullChanges', onProgress, () => pullChanges(db, onProgress));
}

/** refreshRegistryCopy on the default store, in the worker when there is one. */
export function refreshRegistryCopyOffThread(
  onProgress: (progress: CopyProgress | null) => void,
): Promise<RegistryCopyMeta> {
  return offThread('refreshRegistryCopy', onProgress, () => refreshRegistryCopy(db, onProgress));
}

/**
 * refreshTrust on the default store, in the worker when there is one: the revocation
 * list (hundreds of entries) is put into IndexedDB there, not in a long task of a
 * page that is still starting, such as the marketplace on its first sync.
 */
export function refreshTrustOffThread(): Promise<TrustMeta> {
  return offThread(
    'refreshTrust',
    () => {},
    () => refreshTrust(db),
  );
}

/**
 * A typed number against the device's copy, in the worker when there is one. The
 * worker's compute time is recorded on this page's timeline under the same name as
 * a lookup made here, spanning the time the worker spent on it.
 */
export async function verifyAgainstCopyOffThread(plateNumber: string, id: string): Promise<VerificationOutcome> {
  // Here only when no worker runs: the verifier (signature library) is not part of the sync engine's code.
  const here = async () => {
    const { verifyAgainstCopy } = await import('../verdicts/verify');
    return { outcome: await verifyAgainstCopy(db, plateNumber, id), endedAt: null };
  };
  const { outcome, endedAt } = await offThread<{ outcome: VerificationOutcome; endedAt: number | null }, never>(
    'verifyAgainstCopy',
    () => {},
    here,
    { plateNumber, id },
  );
  if (endedAt !== null && outcome.kind === 'result') {
    const end = endedAt - performance.timeOrigin;
    try {
      performance.measure(VERDICT_MEASURE, { start: end - outcome.computeMs, end });
    } catch {
      // User Timing missing: the figure is still in the outcome.
    }
  }
  return outcome;
}
