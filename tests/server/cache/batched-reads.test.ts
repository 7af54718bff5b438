import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchedReads } from '../../../src/server/cache/batched-reads';

/** A source of standings by number that the test sets, recording each read's keys. */
function source(standings: Record<string, string>) {
  const reads: string[][] = [];
  let failNext: Error | null = null;
  return {
    reads,
    standings,
    fail: (error: Error) => (failNext = error),
    readMany: async (keys: readonly string[]) => {
      reads.push([...keys]);
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      await Promise.resolve();
      return new Map(keys.flatMap((key) => (key in standings ? [[key, standings[key] as string] as const] : [])));
    },
  };
}

/** The turn after this one, when reads asked for in this one have started. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('reads asked for at the same time, made as one', () => {
  it('reads the numbers asked for in one turn once, together, and answers each asker its own', async () => {
    const registry = source({ 'ZM-1': 'Valid', 'ZM-2': 'Stolen' });
    const read = batchedReads(registry.readMany);
    const answers = await Promise.all(['ZM-1', 'ZM-2', 'ZM-1', 'ZM-3'].map(read));
    expect(answers).toEqual(['Valid', 'Stolen', 'Valid', undefined]);
    expect(registry.reads).toEqual([['ZM-1', 'ZM-2', 'ZM-3']]);
  });

  it('reads a number asked for while a read is on its way in a read that starts after it was asked', async () => {
    const registry = source({ 'ZM-1': 'Valid' });
    const read = batchedReads(registry.readMany);
    const first = read('ZM-1');
    await nextTurn(); // the first read has started
    registry.standings['ZM-1'] = 'Revoked';
    const second = read('ZM-1');
    expect(await first).toBe('Valid');
    expect(await second).toBe('Revoked');
    expect(registry.reads).toEqual([['ZM-1'], ['ZM-1']]);
  });

  it('reads at most maxKeys numbers a statement', async () => {
    const registry = source({});
    const read = batchedReads(registry.readMany, { maxKeys: 2 });
    await Promise.all(['A', 'B', 'C', 'D', 'E'].map(read));
    expect(registry.reads).toEqual([['A', 'B'], ['C', 'D'], ['E']]);
  });

  it('fails every asker of a failed read, and reads again for the next', async () => {
    const registry = source({ 'ZM-1': 'Valid' });
    const read = batchedReads(registry.readMany);
    registry.fail(new Error('connection lost'));
    const failed = await Promise.allSettled([read('ZM-1'), read('ZM-2')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await read('ZM-1')).toBe('Valid');
    expect(registry.reads).toEqual([['ZM-1', 'ZM-2'], ['ZM-1']]);
  });

  it('fails its askers, and goes on, when the source throws before it answers', async () => {
    const read = batchedReads<string>((keys) => {
      if (keys.includes('bad')) throw new Error('refused at once');
      return Promise.resolve(new Map(keys.map((key) => [key, key.toLowerCase()])));
    });
    await expect(read('bad')).rejects.toThrow('refused at once');
    expect(await read('GOOD')).toBe('good');
  });

  it('answers any mix of numbers asked together, repeated or not, as one read each would', async () => {
    const numbers = fc.constantFrom('ZM-1', 'ZM-2', 'ZM-3', 'ZM-4', 'ZM-5', 'ZM-6');
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(numbers, fc.constantFrom('Valid', 'Stolen', 'Revoked', 'Expired')),
        fc.array(numbers, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 4 }),
        async (standings, asked, maxKeys) => {
          const registry = source(standings);
          const read = batchedReads(registry.readMany, { maxKeys });
          expect(await Promise.all(asked.map(read))).toEqual(asked.map((number) => standings[number]));
          const distinct = new Set(asked);
          expect(registry.reads.flat().sort()).toEqual([...distinct].sort());
          expect(registry.reads.length).toBe(Math.ceil(distinct.size / maxKeys));
        },
      ),
    );
  });
});
