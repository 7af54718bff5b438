import { describe, expect, it } from 'vitest';
import { versionedCache } from '../../../src/server/cache/versioned-cache';

function source() {
  const state = { clock: 0, version: 1, versionReads: 0, loads: 0 };
  const cache = versionedCache<number>({
    checkMs: 1000,
    maxEntries: 2,
    now: () => state.clock,
    readVersion: async () => {
      state.versionReads += 1;
      return state.version;
    },
  });
  const load = async () => (state.loads += 1);
  return { state, cache, load };
}

describe('versionedCache', () => {
  it('keeps a value while the version is unchanged, reading the version at most once a check period for all keys', async () => {
    const { state, cache, load } = source();
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    state.clock = 5_000;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    expect(state.loads).toBe(2);
    expect(state.versionReads).toBe(2);
  });

  it('forgets every value once a new version is seen, within one check period', async () => {
    const { state, cache, load } = source();
    expect(await cache.get('a', load)).toBe(1);
    state.version = 2;
    state.clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    state.clock = 1000;
    expect(await cache.get('a', load)).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('does not keep a value read while a newer version arrived', async () => {
    const { state, cache } = source();
    await cache.get('warm', async () => 0);
    let release: () => void = () => {};
    const slow = cache.get('a', () => new Promise<number>((resolve) => (release = () => resolve(1))));
    state.version = 2;
    state.clock = 1000;
    expect(await cache.get('b', async () => 2)).toBe(2);
    release();
    expect(await slow).toBe(1);
    expect(await cache.get('a', async () => 3)).toBe(3);
  });

  it('reads the version once for callers arriving together', async () => {
    const { state, cache, load } = source();
    await Promise.all([cache.get('a', load), cache.get('b', load), cache.get('c', load)]);
    expect(state.versionReads).toBe(1);
  });

  it('keeps at most maxEntries, dropping the oldest, and caches nothing with a check period of 0', async () => {
    const { cache } = source();
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => 0);
    expect(cache.size).toBe(2);
    let loads = 0;
    let versionReads = 0;
    const off = versionedCache<number>({ checkMs: 0, maxEntries: 10, readVersion: async () => (versionReads += 1) });
    await off.get('a', async () => (loads += 1));
    await off.get('a', async () => (loads += 1));
    expect([loads, versionReads]).toEqual([2, 0]);
  });
});
