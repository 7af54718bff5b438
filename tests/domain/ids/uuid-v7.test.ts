import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isUuid, uuidv7, uuidv7Time } from '../../../src/domain/ids/uuid-v7';

describe('uuidv7', () => {
  it('carries the timestamp, version 7 and the RFC variant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 48 - 1 }),
        fc.uint8Array({ minLength: 10, maxLength: 10 }),
        (now, random) => {
          const id = uuidv7(now, random);
          expect(isUuid(id)).toBe(true);
          expect(id[14]).toBe('7');
          expect(['8', '9', 'a', 'b']).toContain(id[19]);
          expect(uuidv7Time(id)).toBe(now);
        },
      ),
    );
  });

  it('sorts ids made later after ids made earlier', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 47 }), fc.integer({ min: 1, max: 1e9 }), (a, gap) => {
        const zero = new Uint8Array(10);
        const full = new Uint8Array(10).fill(255);
        expect(uuidv7(a, full) < uuidv7(a + gap, zero)).toBe(true);
      }),
    );
  });

  it('refuses a negative time or too few random bytes', () => {
    expect(() => uuidv7(-1, new Uint8Array(10))).toThrow(RangeError);
    expect(() => uuidv7(1, new Uint8Array(9))).toThrow(RangeError);
  });
});
