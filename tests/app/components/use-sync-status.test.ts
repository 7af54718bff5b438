/** A component reading some of the sync status is drawn again only when one of its fields changes. */
import { afterEach, describe, expect, it } from 'vitest';
import { statusFields } from '../../../src/app/components/use-sync-status';
import { setSyncStatus } from '../../../src/app/sync/sync-status';

describe('statusFields', () => {
  afterEach(() => setSyncStatus({ pending: 0, rejected: 0, isSyncing: false, pullProgress: null }));

  it('keeps the same snapshot while a first sync reports page after page', () => {
    const snapshot = statusFields(['pending', 'rejected', 'isSyncing']);
    setSyncStatus({ isSyncing: true });
    const first = snapshot();
    for (let received = 2500; received <= 100_000; received += 2500) {
      setSyncStatus({ pullProgress: { received, total: 100_000 } });
      expect(snapshot()).toBe(first);
    }
    expect(first).toEqual({ pending: 0, rejected: 0, isSyncing: true });
  });

  it('gives a new snapshot when one of its fields changes, with the new value', () => {
    const snapshot = statusFields(['pending', 'pullProgress']);
    const before = snapshot();
    setSyncStatus({ pending: 3 });
    const after = snapshot();
    expect(after).not.toBe(before);
    expect(after).toEqual({ pending: 3, pullProgress: null });
    const progress = { received: 2500, total: 5000 };
    setSyncStatus({ pullProgress: progress });
    expect(snapshot().pullProgress).toBe(progress);
  });
});
