import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from '../../../src/app/components/when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('nextTask', () => {
  it('resolves in a later task, after the microtasks of this one', async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('this task');
    await waited;
    expect(order).toEqual(['this task', 'microtask', 'next task']);
  });

  it('uses the browser’s scheduler.yield where there is one, so the rest goes ahead of other queued work', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await nextTask();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
