import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameData } from '../../../src/app/store/use-store-query';

// What the store hands back: JSON-like rows, with dates as strings and sometimes as Dates.
const row = fc.jsonValue();

describe('sameData (whether a live query answered with the same data)', () => {
  it('holds for a fresh copy of any value', () => {
    fc.assert(fc.property(row, (value) => sameData(value, structuredClone(value))));
  });

  it('agrees with comparing the values as canonical JSON', () => {
    const canonical = (value: unknown): string =>
      JSON.stringify(value, (_key, inner: unknown) =>
        inner && typeof inner === 'object' && !Array.isArray(inner)
          ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
          : inner,
      );
    fc.assert(
      fc.property(row, row, (a, b) => {
        // -0 and 0 print alike in JSON, but are different values to Object.is.
        fc.pre(!JSON.stringify([a, b]).includes('-0'));
        expect(sameData(a, b)).toBe(canonical(a) === canonical(b));
      }),
    );
  });

  it('sees one changed field deep in a list of rows', () => {
    const rows = [
      { id: 'a', plate: 'ZM-123-ABC', status: 'Available', tags: ['lucky'] },
      { id: 'b', plate: 'ZM-456-DEF', status: 'Sold', tags: [] },
    ];
    expect(sameData(rows, structuredClone(rows))).toBe(true);
    const changed = structuredClone(rows);
    changed[1]!.tags.push('featured');
    expect(sameData(rows, changed)).toBe(false);
    expect(sameData(rows, rows.slice(0, 1))).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
  });

  it('compares dates, maps and sets by content', () => {
    expect(sameData(new Date(5), new Date(5))).toBe(true);
    expect(sameData(new Date(5), new Date(6))).toBe(false);
    expect(sameData(new Map([['a', { n: 1 }]]), new Map([['a', { n: 1 }]]))).toBe(true);
    expect(sameData(new Map([['a', { n: 1 }]]), new Map([['a', { n: 2 }]]))).toBe(false);
    expect(sameData(new Set(['x', 'y']), new Set(['y', 'x']))).toBe(true);
    expect(sameData(new Set(['x']), new Set(['y']))).toBe(false);
    expect(sameData(new Set(), new Map())).toBe(false);
  });
});
