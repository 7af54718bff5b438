/** A toast is on screen long enough to be read: a success ("Changes saved") as long as any other. */
import { afterEach, describe, expect, it } from 'vitest';
import { TOAST_MS, toaster } from '../../../src/app/components/toaster';

type Created = { id: string; duration?: number };

function created(options: Parameters<typeof toaster.create>[0]): Created {
  const seen: Created[] = [];
  const unsubscribe = toaster.subscribe((toast) => seen.push(toast as Created));
  toaster.create(options);
  unsubscribe();
  const [toast] = seen;
  if (!toast) throw new Error('no toast was created');
  return toast;
}

describe('toaster', () => {
  afterEach(() => toaster.remove());

  it('keeps every kind of message on screen for 5 s, a success too', () => {
    expect(TOAST_MS).toBeGreaterThanOrEqual(5000);
    for (const type of ['success', 'info', 'warning', 'error'] as const)
      expect(created({ type, title: 'Changes saved' }).duration).toBe(TOAST_MS);
  });

  it('lets a toast ask for its own time', () => {
    expect(created({ type: 'success', title: 'Copied', duration: 8000 }).duration).toBe(8000);
  });
});
