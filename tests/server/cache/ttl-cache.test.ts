import { describe, expect, it } from 'vitest';
import { ttlCache } from '../../../src/server/cache/ttl-cache';

describe('ttlCache', () => {
  it('reuses a value within its time and loads it again after', async () => {
    let clock = 0;
    let loads = 0;
    const cache = ttlCache<number>(1000, 10, () => clock);
    const load = async () => (loads += 1);
    expect(await cache.get('a', load)).toBe(1);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('keeps at most maxEntries, dropping the oldest, and caches nothing with a time of 0', async () => {
    const cache = ttlCache<string>(1000, 2, () => 0);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    let loads = 0;
    const off = ttlCache<number>(0, 10, () => 0);
    await off.get('a', async () => (loads += 1));
    await off.get('a', async () => (loads += 1));
    expect(loads).toBe(2);
  });
});
