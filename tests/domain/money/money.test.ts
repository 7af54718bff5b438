import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  formatKwacha,
  formatZmw,
  kwacha,
  maxMoney,
  minMoney,
  multiplyMoney,
  ngwee,
  percentOfBasisPoints,
  subtractMoney,
  toKwachaNumber,
  ZERO_NGWEE,
} from '#domain/money/money';

describe('ngwee', () => {
  it('accepts whole numbers of ngwee', () => {
    expect(ngwee(0)).toBe(0);
    expect(ngwee(30000)).toBe(30000);
    expect(ngwee(-500)).toBe(-500);
  });

  it('rejects fractions, NaN, infinities and unsafe integers with a RangeError', () => {
    for (const bad of [0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => ngwee(bad)).toThrow(RangeError);
    }
  });

  it('folds negative zero into zero', () => {
    expect(Object.is(ngwee(-0), 0)).toBe(true);
  });
});

describe('kwacha', () => {
  it('converts kwacha to ngwee without floating-point error', () => {
    expect(kwacha(300)).toBe(30000);
    expect(kwacha(12.34)).toBe(1234);
    expect(kwacha(0.1)).toBe(10);
    expect(kwacha(1234.56)).toBe(123456);
    expect(kwacha(-5)).toBe(-500);
  });

  it('rejects amounts with more than two decimals', () => {
    expect(() => kwacha(1.005)).toThrow(RangeError);
    expect(() => kwacha(0.001)).toThrow(RangeError);
  });

  it('rejects non-finite amounts', () => {
    expect(() => kwacha(Number.NaN)).toThrow(RangeError);
    expect(() => kwacha(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('round-trips every amount with at most two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        const k = Number(
          `${n < 0 ? '-' : ''}${Math.floor(Math.abs(n) / 100)}.${String(Math.abs(n) % 100).padStart(2, '0')}`,
        );
        expect(kwacha(k)).toBe(n === 0 ? 0 : n);
        expect(toKwachaNumber(kwacha(k))).toBe(k === 0 ? 0 : k);
      }),
    );
  });
});

describe('arithmetic', () => {
  it('adds any number of amounts', () => {
    expect(addMoney()).toBe(0);
    expect(addMoney(kwacha(300), kwacha(10), ngwee(600))).toBe(31600);
  });

  it('subtracts, multiplies by a whole count, and picks the smaller or larger amount', () => {
    expect(subtractMoney(kwacha(300), kwacha(200))).toBe(10000);
    expect(multiplyMoney(kwacha(300), 3)).toBe(90000);
    expect(() => multiplyMoney(kwacha(300), 1.5)).toThrow(RangeError);
    expect(minMoney(ngwee(1), ngwee(2))).toBe(1);
    expect(maxMoney(ngwee(1), ngwee(2))).toBe(2);
  });

  it('refuses a sum that is no longer a safe integer', () => {
    expect(() => addMoney(ngwee(Number.MAX_SAFE_INTEGER), ngwee(1))).toThrow(RangeError);
  });
});

describe('percentOfBasisPoints', () => {
  it('takes basis points of an amount', () => {
    expect(percentOfBasisPoints(kwacha(300), 200)).toBe(600);
    expect(percentOfBasisPoints(kwacha(900), 300)).toBe(2700);
    expect(percentOfBasisPoints(kwacha(300), 0)).toBe(0);
    expect(percentOfBasisPoints(ZERO_NGWEE, 300)).toBe(0);
  });

  it('rounds half-up to the nearest ngwee', () => {
    expect(percentOfBasisPoints(ngwee(25), 200)).toBe(1); // 0.5 → 1
    expect(percentOfBasisPoints(ngwee(24), 200)).toBe(0); // 0.48 → 0
    expect(percentOfBasisPoints(ngwee(75), 200)).toBe(2); // 1.5 → 2
    expect(percentOfBasisPoints(ngwee(1), 4999)).toBe(0); // 0.4999 → 0
    expect(percentOfBasisPoints(ngwee(1), 5000)).toBe(1); // 0.5 → 1
  });

  it('rounds negative amounts half away from zero, mirroring the positive amount', () => {
    expect(percentOfBasisPoints(ngwee(-25), 200)).toBe(-1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 10_000 }), (n, bp) => {
        expect(percentOfBasisPoints(ngwee(-n), bp)).toBe(-percentOfBasisPoints(ngwee(n), bp) || 0);
      }),
    );
  });

  it('rejects fractional basis points', () => {
    expect(() => percentOfBasisPoints(kwacha(300), 2.5)).toThrow(RangeError);
  });

  it('is within half a ngwee of the exact percentage for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 10_000 }), (n, bp) => {
        const fee = percentOfBasisPoints(ngwee(n), bp);
        // Exact check in integers: |fee*10000 - n*bp| <= 5000, and exactly 5000 only rounds up.
        const diff = BigInt(fee) * 10_000n - BigInt(n) * BigInt(bp);
        expect(diff >= -4_999n && diff <= 5_000n).toBe(true);
      }),
    );
  });
});

describe('formatKwacha', () => {
  it('shows the K prefix, thousands separators and always two decimals', () => {
    expect(formatKwacha(kwacha(300))).toBe('K300.00');
    expect(formatKwacha(kwacha(1234.5))).toBe('K1,234.50');
    expect(formatKwacha(kwacha(0))).toBe('K0.00');
    expect(formatKwacha(ngwee(5))).toBe('K0.05');
    expect(formatKwacha(kwacha(1_000_000))).toBe('K1,000,000.00');
    expect(formatKwacha(kwacha(999))).toBe('K999.00');
    expect(formatKwacha(kwacha(1000))).toBe('K1,000.00');
  });

  it('puts the minus sign before the K', () => {
    expect(formatKwacha(kwacha(-5))).toBe('-K5.00');
    expect(formatKwacha(kwacha(-1234.5))).toBe('-K1,234.50');
  });

  it('can be read back to the same amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (n) => {
        const text = formatKwacha(ngwee(n));
        expect(text).toMatch(/^-?K\d{1,3}(,\d{3})*\.\d{2}$/);
        const digits = text.replace(/[-K,.]/g, '');
        expect(Number(digits) * (text.startsWith('-') ? -1 : 1)).toBe(n === 0 ? 0 : n);
      }),
    );
  });
});

describe('formatZmw', () => {
  it('shows whole kwacha without decimals', () => {
    expect(formatZmw(kwacha(1500))).toBe('ZMW 1,500');
    expect(formatZmw(kwacha(200))).toBe('ZMW 200');
    expect(formatZmw(kwacha(0))).toBe('ZMW 0');
  });

  it('shows two decimals when there are ngwee', () => {
    expect(formatZmw(kwacha(1500.5))).toBe('ZMW 1,500.50');
    expect(formatZmw(ngwee(1))).toBe('ZMW 0.01');
  });

  it('puts the minus sign before the currency code', () => {
    expect(formatZmw(kwacha(-5))).toBe('-ZMW 5');
  });
});
