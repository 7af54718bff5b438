/**
 * The main thread's side of the store worker: tasks go to the worker, progress and
 * answers come back, errors come back as the classes the engine tells apart, and
 * when the worker cannot run the same task runs on this thread.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OffThreadReply, OffThreadRequest } from '../../../src/app/sync/off-thread-protocol';

type Reply = (request: OffThreadRequest) => Array<Omit<OffThreadReply, 'id'>> | 'crash';

/** A stand-in Worker answering each request as `reply` says, a task later. */
function fakeWorker(reply: Reply) {
  const requests: OffThreadRequest[] = [];
  class FakeWorker {
    onmessage: ((event: MessageEvent<OffThreadReply>) => void) | null = null;
    onerror: ((event: ErrorEvent) => void) | null = null;
    terminated = false;
    postMessage(request: OffThreadRequest) {
      requests.push(request);
      setTimeout(() => {
        const answers = reply(request);
        if (answers === 'crash') return this.onerror?.({ preventDefault() {} } as ErrorEvent);
        for (const answer of answers)
          this.onmessage?.({ data: { ...answer, id: request.id } } as MessageEvent<OffThreadReply>);
      }, 0);
    }
    terminate() {
      this.terminated = true;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return requests;
}

describe('store work off the main thread', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('sends the task to the worker, passes its progress on and resolves with its answer', async () => {
    const requests = fakeWorker(() => [
      { kind: 'progress', value: { received: 500, total: 1000 } },
      { kind: 'progress', value: null },
      { kind: 'done', value: 1000 },
    ]);
    const { pullChangesOffThread } = await import('../../../src/app/sync/off-thread');
    const progress: unknown[] = [];
    expect(await pullChangesOffThread((value) => progress.push(value))).toBe(1000);
    expect(requests.map((request) => request.task)).toEqual(['pullChanges']);
    expect(progress).toEqual([{ received: 500, total: 1000 }, null]);
  });

  it('turns the worker’s errors back into the classes the sync engine tells apart', async () => {
    fakeWorker((request) => [
      {
        kind: 'failed',
        error:
          request.task === 'pullChanges'
            ? { name: 'SignedOutError', message: 'signed out' }
            : { name: 'RegistryCopyRefused', message: 'no', status: 403 },
      },
    ]);
    const { pullChangesOffThread, refreshRegistryCopyOffThread } = await import('../../../src/app/sync/off-thread');
    const { SignedOutError } = await import('../../../src/app/sync/pull');
    const { RegistryCopyRefused } = await import('../../../src/app/verdicts/registry-copy');
    await expect(pullChangesOffThread(() => {})).rejects.toBeInstanceOf(SignedOutError);
    const refused = await refreshRegistryCopyOffThread(() => {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RegistryCopyRefused);
    expect((refused as InstanceType<typeof RegistryCopyRefused>).status).toBe(403);
  });

  it('sends a typed lookup with its plate and check id, and records the worker’s compute time on this page', async () => {
    const requests = fakeWorker((request) => [
      {
        kind: 'done',
        value: {
          outcome: {
            kind: 'result',
            id: request.args?.id,
            plateNumber: request.args?.plateNumber,
            verdict: 'Valid',
            computeMs: 1.5,
          },
          endedAt: performance.timeOrigin + performance.now(),
        },
      },
    ]);
    const { verifyAgainstCopyOffThread } = await import('../../../src/app/sync/off-thread');
    const { VERDICT_MEASURE } = await import('../../../src/app/verdicts/verdict-measure');
    const before = performance.getEntriesByName(VERDICT_MEASURE).length;
    const outcome = await verifyAgainstCopyOffThread('ZM-123-ABC', 'check-1');
    expect(outcome).toMatchObject({ kind: 'result', id: 'check-1', plateNumber: 'ZM-123-ABC', verdict: 'Valid' });
    expect(requests[0]).toMatchObject({
      task: 'verifyAgainstCopy',
      args: { plateNumber: 'ZM-123-ABC', id: 'check-1' },
    });
    const measures = performance.getEntriesByName(VERDICT_MEASURE);
    expect(measures).toHaveLength(before + 1);
    expect(measures.at(-1)?.duration).toBeCloseTo(1.5, 5);
  });

  it('runs the task on this thread when the worker crashes, and from then on', async () => {
    const requests = fakeWorker(() => 'crash');
    const { verifyAgainstCopyOffThread } = await import('../../../src/app/sync/off-thread');
    // This thread's lookup in an empty store: no copy on the device.
    expect(await verifyAgainstCopyOffThread('ZM-123-ABC', 'check-2')).toMatchObject({
      kind: 'problem',
      title: 'You are offline',
    });
    expect(await verifyAgainstCopyOffThread('ZM-123-ABC', 'check-3')).toMatchObject({
      kind: 'problem',
      title: 'You are offline',
    });
    expect(requests).toHaveLength(1);
  });

  it('runs on this thread where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const { verifyAgainstCopyOffThread } = await import('../../../src/app/sync/off-thread');
    expect(await verifyAgainstCopyOffThread('ZM-123-ABC', 'check-4')).toMatchObject({
      kind: 'problem',
      title: 'You are offline',
    });
  });
});
