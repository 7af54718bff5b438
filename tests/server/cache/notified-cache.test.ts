import { describe, expect, it } from 'vitest';
import { notifiedCache } from '../../../src/server/cache/notified-cache';

/** A source whose value the test sets, counting its reads. */
function source(initial: string) {
  let value = initial;
  let reads = 0;
  return {
    set: (next: string) => (value = next),
    get reads() {
      return reads;
    },
    load: async () => {
      reads += 1;
      return value;
    },
  };
}

describe('a cache emptied by the database’s notices', () => {
  it('reads the source every time until notices are heard, and again once they are lost', async () => {
    const cache = notifiedCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    const plate = source('Valid');
    await cache.get('ZM-1', plate.load);
    await cache.get('ZM-1', plate.load);
    expect(plate.reads).toBe(2);
    cache.listening(true);
    await cache.get('ZM-1', plate.load);
    await cache.get('ZM-1', plate.load);
    expect(plate.reads).toBe(3);
    cache.listening(false);
    plate.set('Stolen');
    expect(await cache.get('ZM-1', plate.load)).toBe('Stolen');
    expect(cache.peek('ZM-1')).toBeUndefined();
  });

  it('gives a value kept until a change is heard, then the source’s', async () => {
    const cache = notifiedCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    cache.listening(true);
    const plate = source('Valid');
    expect(await cache.get('ZM-1', plate.load)).toBe('Valid');
    plate.set('Stolen');
    expect(await cache.get('ZM-1', plate.load)).toBe('Valid');
    cache.changed();
    expect(await cache.get('ZM-1', plate.load)).toBe('Stolen');
  });

  it('does not keep a read that was on its way when a change was heard', async () => {
    const cache = notifiedCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    cache.listening(true);
    let value = 'Valid';
    let release: () => void = () => undefined;
    const slow = async () => {
      const read = value;
      await new Promise<void>((resolve) => (release = resolve));
      return read;
    };
    const reading = cache.get('ZM-1', slow);
    value = 'Stolen';
    cache.changed();
    release();
    expect(await reading).toBe('Valid'); // what that request read, before the change
    expect(cache.peek('ZM-1')).toBeUndefined();
    expect(await cache.get('ZM-1', async () => value)).toBe('Stolen');
  });

  it('reads again an entry older than its longest age, and keeps at most its number of entries', async () => {
    let at = 0;
    const cache = notifiedCache<string>({ maxEntries: 2, maxAgeMs: 1000, now: () => at });
    cache.listening(true);
    const plate = source('Valid');
    await cache.get('ZM-1', plate.load);
    at = 999;
    await cache.get('ZM-1', plate.load);
    expect(plate.reads).toBe(1);
    at = 1000;
    await cache.get('ZM-1', plate.load);
    expect(plate.reads).toBe(2);
    await cache.get('ZM-2', plate.load);
    await cache.get('ZM-3', plate.load);
    expect(cache.size).toBe(2);
    expect(cache.peek('ZM-1')).toBeUndefined();
  });

  it('reads a plate once for requests that ask for it at the same moment, and again for one that asks after a change', async () => {
    const cache = notifiedCache<string>({ maxEntries: 10, maxAgeMs: 60_000 });
    cache.listening(true);
    let value = 'Valid';
    let reads = 0;
    const releases: Array<() => void> = [];
    const slow = async () => {
      reads += 1;
      const read = value;
      await new Promise<void>((resolve) => releases.push(resolve));
      return read;
    };
    const together = Array.from({ length: 10 }, () => cache.get('ZM-1', slow));
    expect(reads).toBe(1);
    // A request after the change does not take the read begun before it.
    value = 'Stolen';
    cache.changed();
    const after = cache.get('ZM-1', slow);
    expect(reads).toBe(2);
    releases.forEach((release) => release());
    expect(await Promise.all(together)).toEqual(Array.from({ length: 10 }, () => 'Valid'));
    expect(await after).toBe('Stolen');
    expect(await cache.get('ZM-1', slow)).toBe('Stolen');
    expect(reads).toBe(2);
  });

  it('shares no read while its memory is not trusted, and a failed read with nobody after it', async () => {
    let isTrusted = false;
    const cache = notifiedCache<string>({ maxEntries: 10, maxAgeMs: 60_000, isTrusted: () => isTrusted });
    cache.listening(true);
    const plate = source('Valid');
    await Promise.all([cache.get('ZM-1', plate.load), cache.get('ZM-1', plate.load)]);
    expect(plate.reads).toBe(2);

    isTrusted = true;
    let fails = true;
    const flaky = async () => {
      await Promise.resolve();
      if (fails) throw new Error('connection lost');
      return 'Valid';
    };
    const failed = await Promise.allSettled([cache.get('ZM-2', flaky), cache.get('ZM-2', flaky)]);
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    fails = false;
    expect(await cache.get('ZM-2', flaky)).toBe('Valid');
  });
});
