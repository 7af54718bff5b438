/** The one NRC, phone and name rule every form and route shares, over generated input. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPhone,
  FIXED_LINE_CODES,
  isValidNrc,
  MOBILE_NETWORK_CODES,
  normalisePhone,
  nrcSchema,
  personNameSchema,
  PHONE_MESSAGE,
  PHONE_NOT_IN_USE,
  phoneNumberSchema,
} from '#domain/validation/identity';
import { validate } from '#domain/validation/validate';

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((ds) => ds.join(''));

describe('nrcSchema', () => {
  const schema = nrcSchema('NRC number');

  it('accepts six digits, two and one, separated by slashes, with spaces around trimmed', () => {
    fc.assert(
      fc.property(digits(6), digits(2), digits(1), fc.constantFrom('', ' ', '  '), (a, b, c, pad) => {
        expect(schema.parse(`${pad}${a}/${b}/${c}${pad}`)).toBe(`${a}/${b}/${c}`);
      }),
    );
  });

  it('refuses anything else, saying what an NRC looks like', () => {
    expect(validate(schema, 'abc')).toEqual({ ok: false, errors: { form: 'NRC number must look like 123456/78/9' } });
    expect(validate(schema, ' ')).toEqual({ ok: false, errors: { form: 'NRC number is required' } });
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        fc.pre(!/^\s*\d{6}\/\d{2}\/\d\s*$/.test(text));
        expect(isValidNrc(text)).toBe(false);
        expect(schema.safeParse(text).success).toBe(false);
      }),
    );
  });

  it('names the field it is for', () => {
    expect(validate(nrcSchema('Owner NRC number'), '12/3')).toEqual({
      ok: false,
      errors: { form: 'Owner NRC number must look like 123456/78/9' },
    });
  });
});

describe('phone numbers', () => {
  const schema = phoneNumberSchema('Phone number');
  const inUse = fc.oneof(
    fc.tuple(fc.constantFrom(...MOBILE_NETWORK_CODES), digits(7)).map(([code, rest]) => `${code}${rest}`),
    fc.tuple(fc.constantFrom(...FIXED_LINE_CODES), digits(6)).map(([code, rest]) => `${code}${rest}`),
  );

  it('accepts the ways people write a number and gives it back +260 and nine digits', () => {
    for (const typed of ['097 1234567', '+260 97 1234567', '0971234567', '260971234567', '(+260) 97-123-4567'])
      expect(schema.parse(typed)).toBe('+260971234567');
    fc.assert(
      fc.property(inUse, fc.constantFrom('+260', '260', '0', '+260 ', '0 '), (national, prefix) => {
        expect(schema.parse(`${prefix}${national}`)).toBe(`+260${national}`);
        expect(checkPhone(`+260${national}`)).toEqual({ ok: true, phone: `+260${national}` });
      }),
    );
  });

  it('refuses a number no Zambian network or province uses, saying which codes do', () => {
    expect(validate(schema, '+260 33 1234567')).toEqual({ ok: false, errors: { form: PHONE_NOT_IN_USE } });
    fc.assert(
      fc.property(digits(9), (national) => {
        fc.pre(/^[1-9]/.test(national));
        const known =
          MOBILE_NETWORK_CODES.some((code) => national.startsWith(code)) ||
          FIXED_LINE_CODES.some((code) => national.startsWith(code));
        expect(schema.safeParse(`+260${national}`).success).toBe(known);
      }),
    );
  });

  it('refuses what is not a phone number at all with the example to follow', () => {
    expect(validate(schema, '12')).toEqual({ ok: false, errors: { form: PHONE_MESSAGE } });
    expect(validate(schema, '')).toEqual({ ok: false, errors: { form: 'Phone number is required' } });
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        fc.pre(normalisePhone(text) === null && text.trim() !== '');
        expect(validate(schema, text)).toEqual({ ok: false, errors: { form: PHONE_MESSAGE } });
      }),
    );
  });
});

describe('personNameSchema', () => {
  const schema = personNameSchema('Full name');
  const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèüÑ');
  const rest = fc.string({ unit: fc.oneof(letter, fc.constantFrom(' ', '-', "'", '’', '.')), maxLength: 60 });

  it('accepts letters with spaces, hyphens, apostrophes and dots, starting with a letter', () => {
    for (const name of ['Mwila Banda', "Ng'andu", 'Chanda-Mulenga', 'J. Phiri', 'Zoë Tembo', 'Bo'])
      expect(schema.parse(name)).toBe(name);
    fc.assert(
      fc.property(letter, letter, rest, (first, second, tail) => {
        const name = `${first}${second}${tail}`.trim();
        expect(schema.parse(name)).toBe(name.replace(/\s+/g, ' '));
      }),
    );
  });

  it('refuses one character, digits and other signs, each with its message', () => {
    expect(validate(schema, 'X')).toEqual({ ok: false, errors: { form: 'Full name must be at least 2 characters' } });
    expect(validate(schema, '   ')).toEqual({ ok: false, errors: { form: 'Full name is required' } });
    expect(validate(schema, '12345')).toEqual({
      ok: false,
      errors: { form: 'Full name may only contain letters, spaces, hyphens, apostrophes and dots' },
    });
    expect(validate(schema, 'Mwila <b>')).toEqual({
      ok: false,
      errors: { form: 'Full name may only contain letters, spaces, hyphens, apostrophes and dots' },
    });
    fc.assert(
      fc.property(
        fc.string({ minLength: 2, maxLength: 40 }),
        fc.integer({ min: 0, max: 9 }),
        fc.nat(),
        (text, digit, at) => {
          const i = at % (text.length + 1);
          expect(schema.safeParse(`${text.slice(0, i)}${digit}${text.slice(i)}`).success).toBe(false);
        },
      ),
    );
  });

  it('refuses names over 100 characters', () => {
    expect(validate(schema, 'a'.repeat(101))).toEqual({
      ok: false,
      errors: { form: 'Full name must be at most 100 characters' },
    });
    expect(schema.safeParse('a'.repeat(100)).success).toBe(true);
  });
});
