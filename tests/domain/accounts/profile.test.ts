import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  normalisePhone,
  passwordChangeSchema,
  PHONE_MESSAGE,
  profileSchema,
} from '#domain/accounts/profile';
import { MIN_PASSWORD_LENGTH } from '#domain/accounts/signup';
import { validate } from '#domain/validation/validate';

describe('normalisePhone', () => {
  it('accepts +260, 260 and 0 prefixes and gives the +260 form', () => {
    expect(normalisePhone('+260971234567')).toBe('+260971234567');
    expect(normalisePhone('260971234567')).toBe('+260971234567');
    expect(normalisePhone('0971234567')).toBe('+260971234567');
  });

  it('ignores spaces, dashes and brackets', () => {
    expect(normalisePhone('+260 97 123 4567')).toBe('+260971234567');
    expect(normalisePhone('(+260) 97-123-4567')).toBe('+260971234567');
    expect(normalisePhone(' 097 123\t4567 ')).toBe('+260971234567');
    expect(normalisePhone('260-(211)-123-456')).toBe('+260211123456');
  });

  it('accepts the example in the message', () => {
    expect(normalisePhone('+260 97 123 4567')).not.toBeNull();
    expect(PHONE_MESSAGE).toBe('Enter a Zambian phone number like +260 97 123 4567');
  });

  it('refuses a number whose first digit after the prefix is 0', () => {
    expect(normalisePhone('+260071234567')).toBeNull();
    expect(normalisePhone('00971234567')).toBeNull();
    expect(normalisePhone('2600971234567')).toBeNull();
  });

  it('refuses numbers with too few or too many digits', () => {
    expect(normalisePhone('+26097123456')).toBeNull();
    expect(normalisePhone('+2609712345678')).toBeNull();
    expect(normalisePhone('097123456')).toBeNull();
    expect(normalisePhone('09712345678')).toBeNull();
  });

  it('refuses a number without a Zambian or local prefix', () => {
    expect(normalisePhone('971234567')).toBeNull();
    expect(normalisePhone('+27971234567')).toBeNull();
    expect(normalisePhone('+0971234567')).toBeNull();
    expect(normalisePhone('00260971234567')).toBeNull();
  });

  it('refuses letters, other symbols and blank input', () => {
    expect(normalisePhone('+26097123456a')).toBeNull();
    expect(normalisePhone('+260.97.123.4567')).toBeNull();
    expect(normalisePhone('+260+971234567')).toBeNull();
    expect(normalisePhone('')).toBeNull();
    expect(normalisePhone('   ')).toBeNull();
    expect(normalisePhone('+260')).toBeNull();
  });

  it('refuses digits that are not ASCII', () => {
    expect(normalisePhone('+260９７１２３４５６７')).toBeNull();
    expect(normalisePhone('+260٩٧١٢٣٤٥٦٧')).toBeNull();
  });
});

describe('formatPhone', () => {
  it('groups a +260 number as +260 97 123 4567', () => {
    expect(formatPhone('+260971234567')).toBe('+260 97 123 4567');
  });

  it('leaves anything else as it is', () => {
    expect(formatPhone('0971234567')).toBe('0971234567');
    expect(formatPhone('+26097123456')).toBe('+26097123456');
    expect(formatPhone('')).toBe('');
  });
});

describe('profileSchema', () => {
  const profile = { name: 'Chanda Mulenga', email: 'chanda@example.zm', phone: '0971234567' };

  it('accepts a profile, trims it and normalises the phone number', () => {
    expect(
      validate(profileSchema, { name: ' Chanda Mulenga ', email: ' chanda@example.zm ', phone: ' 097 123 4567 ' }),
    ).toEqual({
      ok: true,
      value: { name: 'Chanda Mulenga', email: 'chanda@example.zm', phone: '+260971234567' },
    });
  });

  it('clears the phone number when it is blank', () => {
    expect(validate(profileSchema, { ...profile, phone: '' })).toEqual({
      ok: true,
      value: { ...profile, phone: null },
    });
    expect(validate(profileSchema, { ...profile, phone: '   ' })).toEqual({
      ok: true,
      value: { ...profile, phone: null },
    });
  });

  it('asks for a Zambian phone number when it is not one', () => {
    for (const phone of ['12345', '+27 82 123 4567', '097123456a', '+260 07 123 4567']) {
      expect(validate(profileSchema, { ...profile, phone })).toEqual({ ok: false, errors: { phone: PHONE_MESSAGE } });
    }
  });

  it('refuses a phone longer than 30 characters even when its digits are fine', () => {
    const spaced = `+260 97 123 4567${' -'.repeat(8)}`;
    expect(normalisePhone(spaced)).toBe('+260971234567');
    expect(validate(profileSchema, { ...profile, phone: spaced })).toEqual({
      ok: false,
      errors: { phone: PHONE_MESSAGE },
    });
  });

  it('asks for the phone field as text', () => {
    expect(validate(profileSchema, { ...profile, phone: 971234567 })).toEqual({
      ok: false,
      errors: { phone: PHONE_MESSAGE },
    });
  });

  it('says the name and email are required when blank', () => {
    expect(validate(profileSchema, { name: '  ', email: '', phone: '' })).toEqual({
      ok: false,
      errors: { name: 'Name is required', email: 'Email is required' },
    });
    expect(validate(profileSchema, { phone: '' })).toEqual({
      ok: false,
      errors: { name: 'Name is required', email: 'Email is required' },
    });
  });

  it('limits the name to 100 characters and the email to 254', () => {
    expect(validate(profileSchema, { ...profile, name: 'a'.repeat(100) }).ok).toBe(true);
    expect(validate(profileSchema, { ...profile, name: 'a'.repeat(101) })).toEqual({
      ok: false,
      errors: { name: 'Name must be at most 100 characters' },
    });
    expect(validate(profileSchema, { ...profile, email: `${'a'.repeat(250)}@x.zm` })).toEqual({
      ok: false,
      errors: { email: 'Email must be at most 254 characters' },
    });
  });

  it('asks for a valid email address', () => {
    expect(validate(profileSchema, { ...profile, email: 'chanda' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
  });

  it('does not crash on input that is not an object', () => {
    expect(validate(profileSchema, null).ok).toBe(false);
  });
});

describe('passwordChangeSchema', () => {
  const change = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };

  it('accepts a matching new password', () => {
    expect(validate(passwordChangeSchema, change)).toEqual({ ok: true, value: change });
  });

  it('says the current password is required', () => {
    expect(validate(passwordChangeSchema, { ...change, currentPassword: '' })).toEqual({
      ok: false,
      errors: { currentPassword: 'Current password is required' },
    });
    expect(validate(passwordChangeSchema, { newPassword: 'new-secret', confirmPassword: 'new-secret' })).toEqual({
      ok: false,
      errors: { currentPassword: 'Current password is required' },
    });
  });

  it(`needs a new password of at least ${MIN_PASSWORD_LENGTH} characters`, () => {
    const short = 'a'.repeat(MIN_PASSWORD_LENGTH - 1);
    const enough = 'a'.repeat(MIN_PASSWORD_LENGTH);
    expect(validate(passwordChangeSchema, { ...change, newPassword: short, confirmPassword: short })).toEqual({
      ok: false,
      errors: { newPassword: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` },
    });
    expect(validate(passwordChangeSchema, { ...change, newPassword: enough, confirmPassword: enough }).ok).toBe(true);
  });

  it('limits both passwords to 200 characters', () => {
    const long = 'a'.repeat(201);
    expect(validate(passwordChangeSchema, { ...change, newPassword: long, confirmPassword: long })).toEqual({
      ok: false,
      errors: { newPassword: 'Password must be at most 200 characters' },
    });
    expect(validate(passwordChangeSchema, { ...change, currentPassword: long })).toEqual({
      ok: false,
      errors: { currentPassword: 'Password must be at most 200 characters' },
    });
    expect(
      validate(passwordChangeSchema, { ...change, newPassword: 'a'.repeat(200), confirmPassword: 'a'.repeat(200) }).ok,
    ).toBe(true);
  });

  it('says the new password is required when missing', () => {
    expect(validate(passwordChangeSchema, { currentPassword: 'old-secret', confirmPassword: 'new-secret' })).toEqual({
      ok: false,
      errors: { newPassword: 'New password is required' },
    });
  });

  it('says the passwords do not match on the confirmation field', () => {
    expect(validate(passwordChangeSchema, { ...change, confirmPassword: 'new-secreT' })).toEqual({
      ok: false,
      errors: { confirmPassword: 'Passwords do not match' },
    });
    expect(validate(passwordChangeSchema, { ...change, confirmPassword: undefined })).toEqual({
      ok: false,
      errors: { confirmPassword: 'Passwords do not match' },
    });
  });

  it('reports a mismatch even when other fields are wrong too', () => {
    expect(
      validate(passwordChangeSchema, { currentPassword: '', newPassword: 'short', confirmPassword: 'other' }),
    ).toEqual({
      ok: false,
      errors: {
        currentPassword: 'Current password is required',
        newPassword: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
        confirmPassword: 'Passwords do not match',
      },
    });
  });

  it('does not crash on input that is not an object', () => {
    expect(validate(passwordChangeSchema, null).ok).toBe(false);
    expect(validate(passwordChangeSchema, 'secret').ok).toBe(false);
  });
});

// Property tests over generated phone numbers.
const nationalArb = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }))
  .map(([first, rest]) => `${first}${rest.join('')}`);
const prefixArb = fc.constantFrom('+260', '260', '0');
const separatorArb = fc.string({ unit: fc.constantFrom(' ', '-', '(', ')', '\t'), maxLength: 2 });

/** Puts a random run of separators before, between and after the characters of `text`. */
const sprinkle = (text: string) =>
  fc
    .array(separatorArb, { minLength: text.length + 1, maxLength: text.length + 1 })
    .map((gaps) => [...text].map((ch, i) => `${gaps[i]}${ch}`).join('') + gaps[text.length]);

describe('normalisePhone properties', () => {
  it('gives +260 and the nine digits for every accepted prefix and any spacing', () => {
    fc.assert(
      fc.property(
        nationalArb.chain((national) =>
          fc.tuple(
            fc.constant(national),
            prefixArb.chain((prefix) => sprinkle(prefix + national)),
          ),
        ),
        ([national, written]) => {
          expect(normalisePhone(written)).toBe(`+260${national}`);
        },
      ),
    );
  });

  it('is unchanged by normalising again and round-trips through formatPhone', () => {
    fc.assert(
      fc.property(prefixArb, nationalArb, (prefix, national) => {
        const normal = normalisePhone(prefix + national);
        expect(normal).not.toBeNull();
        const phone = normal ?? '';
        expect(normalisePhone(phone)).toBe(phone);
        const formatted = formatPhone(phone);
        expect(formatted).toMatch(/^\+260 \d{2} \d{3} \d{4}$/);
        expect(normalisePhone(formatted)).toBe(phone);
      }),
    );
  });

  it('refuses a number whose first digit after the prefix is 0', () => {
    fc.assert(
      fc.property(prefixArb, nationalArb, (prefix, national) => {
        expect(normalisePhone(`${prefix}0${national.slice(1)}`)).toBeNull();
      }),
    );
  });

  it('refuses any number with the wrong count of digits', () => {
    // A first digit of 1-9 and then any count of digits but eight: never nine in all.
    const restArb = fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 14 }).filter((ds) => ds.length !== 8);
    fc.assert(
      fc.property(prefixArb, fc.integer({ min: 1, max: 9 }), restArb, (prefix, first, rest) => {
        expect(normalisePhone(`${prefix}${first}${rest.join('')}`)).toBeNull();
      }),
    );
  });

  it('refuses any number with a letter in it', () => {
    fc.assert(
      fc.property(prefixArb, nationalArb, fc.nat(), fc.constantFrom(...'aAoOlIxZ'), (prefix, national, at, letter) => {
        const i = at % (national.length + 1);
        expect(normalisePhone(`${prefix}${national.slice(0, i)}${letter}${national.slice(i)}`)).toBeNull();
      }),
    );
  });

  it('only ever returns null or +260 followed by nine digits, the first not 0', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('+', '2', '6', '0', '9', '1', ' ', '-', '(', 'a'), maxLength: 16 }),
        (input) => {
          const result = normalisePhone(input);
          if (result !== null) expect(result).toMatch(/^\+260[1-9]\d{8}$/);
        },
      ),
    );
  });

  it('lets the profile form store the same number normalisePhone gives', () => {
    fc.assert(
      fc.property(prefixArb, nationalArb, (prefix, national) => {
        const result = validate(profileSchema, { name: 'A', email: 'a@b.zm', phone: prefix + national });
        expect(result).toEqual({ ok: true, value: { name: 'A', email: 'a@b.zm', phone: `+260${national}` } });
      }),
    );
  });
});
