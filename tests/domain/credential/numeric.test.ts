import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToDigits, digitsLength, digitsToBytes } from '#domain/credential/numeric';

describe('bytesToDigits', () => {
  it('writes 7 bytes as 17 zero-padded digits of their big-endian value', () => {
    expect(bytesToDigits(new Uint8Array(7))).toBe('00000000000000000');
    expect(bytesToDigits(new Uint8Array(7).fill(0xff))).toBe('72057594037927935');
    expect(bytesToDigits(Uint8Array.from([0, 0, 0, 0, 0, 1, 0]))).toBe('00000000000000256');
  });

  it('writes a last group of r bytes in 3, 5, 8, 10, 13 or 15 digits', () => {
    const widths = [1, 2, 3, 4, 5, 6].map((r) => bytesToDigits(new Uint8Array(r).fill(0xff)));
    expect(widths).toEqual(['255', '65535', '16777215', '4294967295', '1099511627775', '281474976710655']);
    expect(bytesToDigits(Uint8Array.from([1]))).toBe('001');
    // 0x01020304050607 = 283686952306183, then the last byte 8 alone.
    expect(bytesToDigits(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]))).toBe('00283686952306183' + '008');
  });

  it('writes nothing for no bytes', () => {
    expect(bytesToDigits(new Uint8Array(0))).toBe('');
  });

  it('writes as many digits as digitsLength says', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(bytesToDigits(bytes)).toMatch(/^[0-9]*$/);
        expect(bytesToDigits(bytes).length).toBe(digitsLength(bytes.length));
      }),
    );
  });
});

describe('digitsToBytes', () => {
  it('gives back the bytes for any byte array up to 200 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(digitsToBytes(bytesToDigits(bytes))).toEqual(bytes);
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects characters other than the ASCII digits', () => {
    for (const bad of ['12a', ' 123', '123 ', '-12', '+12', '1.2', '１２３', '١٢٣', '12\n'])
      expect(digitsToBytes(bad)).toBeNull();
  });

  it('rejects lengths that no byte count produces', () => {
    const reachable = new Set(Array.from({ length: 30 }, (_, n) => digitsLength(n)));
    for (let length = 0; length <= 60; length++) {
      const result = digitsToBytes('0'.repeat(length));
      if (reachable.has(length)) expect(result).not.toBeNull();
      else expect(result, `length ${length}`).toBeNull();
    }
    expect(reachable.has(1) || reachable.has(2) || reachable.has(4) || reachable.has(16)).toBe(false);
  });

  it('rejects a group too large for its byte count', () => {
    expect(digitsToBytes('256')).toBeNull();
    expect(digitsToBytes('65536')).toBeNull();
    expect(digitsToBytes('72057594037927936')).toBeNull();
    expect(digitsToBytes('99999999999999999')).toBeNull();
    expect(digitsToBytes('00000000000000000' + '999')).toBeNull();
    expect(digitsToBytes('255')).toEqual(Uint8Array.from([255]));
  });

  it('gives each byte string exactly one digit form', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '2', '5', '9'), maxLength: 60 }), (digits) => {
        const bytes = digitsToBytes(digits);
        if (bytes !== null) expect(bytesToDigits(bytes)).toBe(digits);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        expect(() => digitsToBytes(text)).not.toThrow();
      }),
    );
  });
});
