import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, afterNextPaint, nextTask, startGoesBehind } from '../../../src/app/components/when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A task posted now (a message, as the page's own work is) that notes `name` in `order` when it runs. */
function postTaskNoting(order: string[], name: string): Promise<void> {
  const channel = new MessageChannel();
  return new Promise<void>((resolve) => {
    channel.port1.onmessage = () => {
      order.push(name);
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/** A browser scheduler whose yield is counted. */
function stubSchedulerYield() {
  const schedulerYield = vi.fn(() => Promise.resolve());
  vi.stubGlobal('scheduler', { yield: schedulerYield });
  return schedulerYield;
}

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
    const schedulerYield = stubSchedulerYield();
    await nextTask();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });

  it('goes behind the work queued before it while a person waits on other work, and ahead again once that is done', async () => {
    const schedulerYield = stubSchedulerYield();
    let done!: () => void;
    startGoesBehind(new Promise<void>((resolve) => (done = resolve)));
    const order: string[] = [];
    // A task queued before the yield (as the answer awaited is): it runs first.
    const queued = postTaskNoting(order, 'queued before');
    await nextTask().then(() => order.push('the start'));
    await queued;
    expect(order).toEqual(['queued before', 'the start']);
    expect(schedulerYield).not.toHaveBeenCalled();
    done();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await nextTask();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });

  it('goes ahead again when the awaited work fails', async () => {
    const schedulerYield = stubSchedulerYield();
    startGoesBehind(Promise.reject(new Error('no answer')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await nextTask();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});

describe('afterNextPaint', () => {
  it('resolves in a task posted from the next frame, after the tasks the page posted before that frame', async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('document', { visibilityState: 'visible', addEventListener: () => undefined });
    const order: string[] = [];
    const drawn = afterNextPaint().then(() => order.push('after the paint'));
    // A task the page posted before the frame (as React posts its work).
    const earlier = postTaskNoting(order, 'posted before the frame');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['posted before the frame']);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    await Promise.all([drawn, earlier]);
    expect(order).toEqual(['posted before the frame', 'after the paint']);
  });

  it('resolves at once in a hidden tab, which runs no animation frames until shown', async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('document', { visibilityState: 'hidden', addEventListener: () => undefined });
    await afterNextPaint();
    expect(frames).toHaveLength(0);
  });

  it('resolves when a tab that was visible is hidden before its next frame', async () => {
    const shown: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('document', {
      visibilityState: 'visible',
      addEventListener: (_type: string, listener: () => void) => shown.push(listener),
    });
    const drawn = afterNextPaint();
    expect(shown).toHaveLength(1);
    shown[0]?.();
    await drawn;
  });
});

describe('afterFirstPaint', () => {
  const paints = (names: string[]) => ({
    getEntriesByType: (type: string) => (type === 'paint' ? names.map((name) => ({ name })) : []),
  });

  it('resolves at once, without waiting for a frame, when the first contentful paint has happened', async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('document', { visibilityState: 'visible', addEventListener: () => undefined });
    vi.stubGlobal('performance', paints(['first-paint', 'first-contentful-paint']));
    await afterFirstPaint();
    expect(frames).toHaveLength(0);
  });

  it('waits for the next frame while nothing contentful has been painted', async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('document', { visibilityState: 'visible', addEventListener: () => undefined });
    vi.stubGlobal('performance', paints(['first-paint']));
    let isResolved = false;
    const painted = afterFirstPaint().then(() => (isResolved = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(isResolved).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]?.();
    await painted;
  });
});
