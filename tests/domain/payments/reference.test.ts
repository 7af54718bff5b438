import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatApplicationReference,
  formatPaymentReference,
  parseApplicationReference,
  parsePaymentReference,
} from '#domain/payments/reference';

describe('application references', () => {
  it('pads the sequence number to six digits after LP-', () => {
    expect(formatApplicationReference(123)).toBe('LP-000123');
    expect(formatApplicationReference(1)).toBe('LP-000001');
    expect(formatApplicationReference(999_999)).toBe('LP-999999');
  });

  it('grows past six digits once the sequence does', () => {
    expect(formatApplicationReference(1_000_000)).toBe('LP-1000000');
    expect(formatApplicationReference(12_345_678)).toBe('LP-12345678');
  });

  it('refuses numbers a sequence cannot issue', () => {
    expect(() => formatApplicationReference(0)).toThrow(RangeError);
    expect(() => formatApplicationReference(-5)).toThrow(RangeError);
    expect(() => formatApplicationReference(1.5)).toThrow(RangeError);
    expect(() => formatApplicationReference(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });

  it('parses a reference as typed, in any case and with spaces around it', () => {
    expect(parseApplicationReference('LP-000123')).toBe(123);
    expect(parseApplicationReference(' lp-1000000 ')).toBe(1_000_000);
  });

  it('rejects anything formatting would not produce', () => {
    expect(parseApplicationReference('LP-123')).toBeNull();
    expect(parseApplicationReference('LP-0000123')).toBeNull();
    expect(parseApplicationReference('LP-000000')).toBeNull();
    expect(parseApplicationReference('LP-00012a')).toBeNull();
    expect(parseApplicationReference('PAY-000123')).toBeNull();
    expect(parseApplicationReference('000123')).toBeNull();
    expect(parseApplicationReference('LP-99999999999999999999')).toBeNull();
  });
});

describe('payment references', () => {
  it('formats and parses PAY- references the same way', () => {
    expect(formatPaymentReference(42)).toBe('PAY-000042');
    expect(formatPaymentReference(7_654_321)).toBe('PAY-7654321');
    expect(parsePaymentReference('pay-000042')).toBe(42);
    expect(parsePaymentReference('LP-000042')).toBeNull();
  });
});

describe('properties', () => {
  const sequence = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });

  it('gives back the number it formatted', () => {
    fc.assert(
      fc.property(sequence, (n) => {
        expect(parseApplicationReference(formatApplicationReference(n))).toBe(n);
        expect(parsePaymentReference(formatPaymentReference(n))).toBe(n);
      }),
    );
  });

  it('gives different numbers different references of at least six digits', () => {
    fc.assert(
      fc.property(sequence, sequence, (a, b) => {
        expect(formatApplicationReference(a) === formatApplicationReference(b)).toBe(a === b);
        expect(formatApplicationReference(a)).toMatch(/^LP-\d{6,}$/);
      }),
    );
  });

  it('parses a string only to a number that formats back to the same string', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('LP-', 'lp-', ' LP-', 'LP', 'PAY-', 'LP--'),
        fc.string({ unit: fc.constantFrom('0', '1', '9', 'a'), maxLength: 9 }),
        (prefix, rest) => {
          const text = prefix + rest;
          const n = parseApplicationReference(text);
          if (n !== null) expect(formatApplicationReference(n)).toBe(text.trim().toUpperCase());
        },
      ),
    );
  });
});
