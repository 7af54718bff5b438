/** The bench's rounds: every item measured once a round, each round starting one further along. */
import { describe, expect, it } from 'vitest';
import { inRounds } from './figures';

describe('inRounds', () => {
  it('takes the items in turn, one further along each round, and gives each item its runs', async () => {
    const order: string[] = [];
    const results = await inRounds(['a', 'b', 'c'], 3, async (item) => {
      order.push(item);
      return `${item}${order.filter((seen) => seen === item).length}`;
    });
    expect(order).toEqual(['a', 'b', 'c', 'b', 'c', 'a', 'c', 'a', 'b']);
    expect(results).toEqual([
      ['a1', 'a2', 'a3'],
      ['b1', 'b2', 'b3'],
      ['c1', 'c2', 'c3'],
    ]);
  });

  it('leaves out a run that gave nothing', async () => {
    let calls = 0;
    const results = await inRounds(['x', 'y'], 2, async (item) => {
      calls += 1;
      return item === 'y' && calls === 2 ? undefined : item;
    });
    expect(results).toEqual([['x', 'x'], ['y']]);
  });
});
