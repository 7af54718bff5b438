import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isLuckyNumber,
  isStandardPlateNumber,
  isValidPlateNumber,
  LUCKY_SEQUENCES,
  normalisePlateInput,
  normalisePlateNumber,
  parsePlateNumber,
  PLATE_NUMBER_MAX_LENGTH,
} from '#domain/plates/plate-number';
import { plateNumberEntrySchema } from '#domain/plates/plate-number-schema';
import { validate } from '#domain/validation/validate';

/** Strings built mostly from plate-like characters, so valid and invalid cases both occur often. */
const plateish = fc.string({
  unit: fc.constantFrom('A', 'b', 'Z', 'm', '0', '7', '9', '-', ' ', '  ', '\t', '*', 'é', '_'),
  maxLength: 14,
});
const anyString = fc.oneof(plateish, fc.string({ unit: 'binary', maxLength: 20 }));

describe('normalisePlateInput', () => {
  it('upper-cases what the user types and cuts it to 10 characters', () => {
    expect(normalisePlateInput('zm-001-abc')).toBe('ZM-001-ABC');
    expect(normalisePlateInput('zm-001-abcdef')).toBe('ZM-001-ABC');
    expect(normalisePlateInput('lusaka 1')).toBe('LUSAKA 1');
  });

  it('keeps spaces and other characters as typed', () => {
    expect(normalisePlateInput(' a  b*')).toBe(' A  B*');
  });

  it('is idempotent and never exceeds the maximum length', () => {
    fc.assert(
      fc.property(anyString, (raw) => {
        const once = normalisePlateInput(raw);
        expect(once.length).toBeLessThanOrEqual(PLATE_NUMBER_MAX_LENGTH);
        expect(normalisePlateInput(once)).toBe(once);
      }),
    );
  });
});

describe('normalisePlateNumber', () => {
  it('trims, upper-cases and collapses inner whitespace to one space', () => {
    expect(normalisePlateNumber('  zm-001-abc ')).toBe('ZM-001-ABC');
    expect(normalisePlateNumber('lusaka \t  1')).toBe('LUSAKA 1');
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyString, (raw) => {
        expect(normalisePlateNumber(normalisePlateNumber(raw))).toBe(normalisePlateNumber(raw));
      }),
    );
  });
});

describe('standard plate numbers', () => {
  it('recognises the ZM-000-AAA format', () => {
    expect(isStandardPlateNumber('ZM-001-ABC')).toBe(true);
    expect(isStandardPlateNumber('ZM-777-VIP')).toBe(true);
  });

  it('rejects other shapes', () => {
    for (const s of ['zm-001-abc', 'ZM-01-ABC', 'ZM-001-AB1', 'ZM001ABC', 'ZM-001-ABCD', 'LUSAKA 1']) {
      expect(isStandardPlateNumber(s)).toBe(false);
    }
  });
});

describe('isValidPlateNumber', () => {
  it('accepts standard and personalised numbers', () => {
    for (const s of ['ZM-001-ABC', 'ZM-777-VIP', 'LUSAKA 1', 'A', '7', 'GRZ 100 A']) {
      expect(isValidPlateNumber(s)).toBe(true);
    }
  });

  it('rejects empty, overlong, lowercase, double-spaced and badly ended numbers', () => {
    for (const s of ['', 'ABCDEFGHIJK', 'zm-001-abc', 'LUSAKA  1', ' ABC', 'ABC ', '-ABC', 'ABC-', 'AB*C', 'ÉCOLE']) {
      expect(isValidPlateNumber(s)).toBe(false);
    }
  });

  it('accepts exactly 10 characters', () => {
    expect(isValidPlateNumber('ABCDEFGHIJ')).toBe(true);
  });
});

describe('parsePlateNumber', () => {
  it('returns the normalised number when it is valid', () => {
    expect(parsePlateNumber(' zm-001-abc ')).toEqual({ ok: true, value: 'ZM-001-ABC' });
    expect(parsePlateNumber('lusaka   1')).toEqual({ ok: true, value: 'LUSAKA 1' });
  });

  it('asks for a plate number when the input is blank', () => {
    expect(parsePlateNumber('')).toEqual({ ok: false, error: 'Please enter a plate number' });
    expect(parsePlateNumber('   ')).toEqual({ ok: false, error: 'Please enter a plate number' });
  });

  it('says when the number is too long', () => {
    expect(parsePlateNumber('ZM-0001-ABCD')).toEqual({
      ok: false,
      error: 'Plate number must be at most 10 characters',
    });
  });

  it('says which characters are allowed', () => {
    expect(parsePlateNumber('ZM_001')).toEqual({
      ok: false,
      error: 'Plate number may contain only letters, digits, spaces and hyphens',
    });
  });

  it('says a number must start and end with a letter or digit', () => {
    expect(parsePlateNumber('-ZM-001')).toEqual({
      ok: false,
      error: 'Plate number must start and end with a letter or digit',
    });
  });

  it('accepts exactly the inputs whose normal form is valid, and returns that normal form', () => {
    fc.assert(
      fc.property(anyString, (raw) => {
        const normal = normalisePlateNumber(raw);
        const result = parsePlateNumber(raw);
        expect(result.ok).toBe(isValidPlateNumber(normal));
        if (result.ok) expect(result.value).toBe(normal);
        expect(parsePlateNumber(normal)).toEqual(result);
      }),
    );
  });
});

describe('isLuckyNumber', () => {
  it('finds the lucky triples anywhere in the number', () => {
    expect(isLuckyNumber('ZM-777-VIP')).toBe(true);
    expect(isLuckyNumber('ZM-1000-A')).toBe(true);
    expect(isLuckyNumber('ZM-123-ABC')).toBe(false);
    expect(isLuckyNumber('ZM-77-7AB')).toBe(false);
  });

  it('lists the ten triples from the spec', () => {
    expect(LUCKY_SEQUENCES).toEqual(['777', '888', '999', '000', '111', '222', '333', '444', '555', '666']);
  });

  it('is lucky exactly when the number contains three equal digits in a row', () => {
    const digitsAndLetters = fc.string({
      unit: fc.constantFrom('1', '2', '3', '7', '0', '9', 'A', '-'),
      maxLength: 10,
    });
    fc.assert(
      fc.property(digitsAndLetters, (number) => {
        expect(isLuckyNumber(number)).toBe(/(\d)\1\1/.test(number));
      }),
    );
  });
});

describe('plateNumberEntrySchema', () => {
  it('asks for a plate number when the field is blank or missing', () => {
    expect(validate(plateNumberEntrySchema, { plateNumber: '  ' })).toEqual({
      ok: false,
      errors: { plateNumber: 'Please enter a plate number' },
    });
    expect(validate(plateNumberEntrySchema, {})).toEqual({
      ok: false,
      errors: { plateNumber: 'Please enter a plate number' },
    });
  });

  it('yields the normalised plate number', () => {
    expect(validate(plateNumberEntrySchema, { plateNumber: 'zm-001-abc' })).toEqual({
      ok: true,
      value: { plateNumber: 'ZM-001-ABC' },
    });
  });

  it('reports the same problem as parsePlateNumber', () => {
    expect(validate(plateNumberEntrySchema, { plateNumber: 'ZM-0001-ABCD' })).toEqual({
      ok: false,
      errors: { plateNumber: 'Plate number must be at most 10 characters' },
    });
  });
});
