import { createPrivateKey, sign as nodeSign } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attachSignature,
  CREDENTIAL_CONTEXT,
  CREDENTIAL_FORMAT_VERSION,
  dateFromDays,
  daysSinceEpoch,
  decodeCredential,
  encodeUnsigned,
  isIsoDate,
  MAX_CREDENTIAL_BYTES,
  MIN_CREDENTIAL_BYTES,
  signCredential,
  signingMessage,
} from '#domain/credential/credential';
import { verifyCredential } from '#domain/credential/verdict';
import { credentialFieldsSchema } from '#domain/credential/credential-fields-schema';
import { validate } from '#domain/validation/validate';
import { COROLLA, credentialFieldsArb, DEVICE, hex, LONGEST, SEED_1 } from './credential-test-kit';

function decodedFields(bytes: Uint8Array) {
  const decoded = decodeCredential(bytes);
  if (!decoded.ok) throw new Error(`expected a decodable credential: ${decoded.detail}`);
  return decoded.fields;
}

function detailOf(bytes: Uint8Array): string {
  const decoded = decodeCredential(bytes);
  return decoded.ok ? 'decoded' : decoded.detail;
}

const utf8 = (s: string) => new TextEncoder().encode(s);

/** Unsigned bytes laid out by hand, so the decoder can be fed what the encoder refuses to write. */
function rawCredential(parts: {
  version?: number;
  keyId?: number;
  registration?: number;
  expiry?: number;
  texts: Uint8Array[];
}): Uint8Array {
  const header = [
    parts.version ?? 1,
    0,
    parts.keyId ?? 1,
    ...uint16(parts.registration ?? 19797),
    ...uint16(parts.expiry ?? 21623),
  ];
  const body = parts.texts.flatMap((t) => [t.length, ...t]);
  return Uint8Array.from([...header, ...body, ...new Array<number>(64).fill(7)]);
}

function uint16(n: number): [number, number] {
  return [n >> 8, n & 0xff];
}

const corollaTexts = () => ['ZM-123-ABC', 'Toyota', 'Corolla', 'Silver'].map(utf8);

describe('sign and verify', () => {
  it('gives Valid with exactly the signed fields', () => {
    const verdict = verifyCredential(signCredential(COROLLA, SEED_1), DEVICE);
    expect(verdict).toEqual({ verdict: 'Valid', credential: COROLLA });
  });

  it('round-trips arbitrary valid fields, including non-ASCII make, model and colour', () => {
    fc.assert(
      fc.property(credentialFieldsArb(), (fields) => {
        const unsigned = encodeUnsigned(fields);
        const signature = new Uint8Array(64).fill(0xab);
        const decoded = decodeCredential(attachSignature(unsigned, signature));
        expect(decoded).toEqual({ ok: true, fields, unsigned, signature });
        expect(unsigned.length + 64).toBeLessThanOrEqual(MAX_CREDENTIAL_BYTES);
      }),
      { numRuns: 500 },
    );
  });

  it('verifies what it signs for arbitrary fields signed by key 1', () => {
    fc.assert(
      fc.property(credentialFieldsArb(fc.constant(1)), (fields) => {
        const verdict = verifyCredential(signCredential(fields, SEED_1), { ...DEVICE, today: fields.registrationDate });
        expect(verdict).toEqual({ verdict: 'Valid', credential: fields });
      }),
      { numRuns: 100 },
    );
  });

  it('keeps non-ASCII text as UTF-8 and counts its length in bytes', () => {
    const citroen = { ...COROLLA, make: 'Citroën', model: 'C3' };
    const unsigned = encodeUnsigned(citroen);
    // 'Citroën' is 7 characters but 8 bytes: ë is C3 AB.
    expect(hex(unsigned)).toContain('08' + hex(utf8('Citroën')));
    expect(decodedFields(attachSignature(unsigned, new Uint8Array(64)))).toEqual(citroen);
  });

  it('signs the context string followed by the unsigned bytes', () => {
    const unsigned = encodeUnsigned(COROLLA);
    const message = signingMessage(unsigned);
    expect(new TextDecoder().decode(message.subarray(0, CREDENTIAL_CONTEXT.length))).toBe(
      'nambala-plate-credential/v1',
    );
    expect(message.subarray(CREDENTIAL_CONTEXT.length)).toEqual(unsigned);
  });

  it('makes the same signature as node:crypto for the same seed, as the server signer must', () => {
    // PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410).
    const pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
    fc.assert(
      fc.property(credentialFieldsArb(), fc.uint8Array({ minLength: 32, maxLength: 32 }), (fields, seed) => {
        const key = createPrivateKey({ key: Buffer.concat([pkcs8Prefix, seed]), format: 'der', type: 'pkcs8' });
        const unsigned = encodeUnsigned(fields);
        const nodeSignature = new Uint8Array(nodeSign(null, signingMessage(unsigned), key));
        expect(hex(signCredential(fields, seed))).toBe(hex(attachSignature(unsigned, nodeSignature)));
      }),
      { numRuns: 50 },
    );
  });

  it('refuses a seed or signature of the wrong length', () => {
    expect(() => signCredential(COROLLA, new Uint8Array(31))).toThrow(RangeError);
    expect(() => attachSignature(encodeUnsigned(COROLLA), new Uint8Array(63))).toThrow(RangeError);
  });
});

describe('encodeUnsigned', () => {
  it('writes the header big-endian: version, key id, registration and expiry days', () => {
    const unsigned = encodeUnsigned({ ...COROLLA, keyId: 0x0102 });
    expect(hex(unsigned.subarray(0, 7))).toBe('01' + '0102' + '4d55' + '5477');
    expect(unsigned[0]).toBe(CREDENTIAL_FORMAT_VERSION);
    expect(0x4d55).toBe(daysSinceEpoch('2024-03-15'));
    expect(0x5477).toBe(daysSinceEpoch('2029-03-15'));
  });

  it('writes each text as a length byte and its bytes, in the order plate, make, model, colour', () => {
    expect(hex(encodeUnsigned(COROLLA).subarray(7))).toBe(
      hex(Uint8Array.from(corollaTexts().flatMap((t) => [t.length, ...t]))),
    );
  });

  it('produces a 149-byte credential for the longest fields', () => {
    expect(signCredential(LONGEST, SEED_1).length).toBe(MAX_CREDENTIAL_BYTES);
    expect(MAX_CREDENTIAL_BYTES).toBe(149);
  });

  it.each([
    ['key id 0', { keyId: 0 }, /key id/],
    ['key id 65536', { keyId: 65536 }, /key id/],
    ['a fractional key id', { keyId: 1.5 }, /key id/],
    ['a lower-case plate number', { plateNumber: 'zm-123-abc' }, /plate number/],
    ['an 11-character plate number', { plateNumber: 'ZM-1234-ABC' }, /plate number/],
    ['an empty make', { make: '' }, /make is empty/],
    ['an untrimmed model', { model: ' Corolla' }, /model has leading or trailing whitespace/],
    ['a control character in the colour', { colour: 'Sil\u0007ver' }, /colour contains a control character/],
    ['a lone surrogate in the make', { make: 'Toy\ud800ota' }, /make contains a control character/],
    [
      'a make of 24 characters but 25 bytes',
      { make: 'Citroën Automobiles S.A.' },
      /make is 25 bytes of UTF-8, more than 24/,
    ],
    ['a colour of 17 bytes', { colour: 'Brilliant Silvers' }, /colour is 17 bytes/],
    ['an impossible date', { registrationDate: '2024-02-30' }, /registration date/],
    ['a date before 1970', { registrationDate: '1969-12-31' }, /registration date/],
    ['a date after 2149-06-06', { expiryDate: '2149-06-07' }, /expiry date/],
    [
      'an expiry before the registration',
      { expiryDate: '2024-03-14' },
      /expiry date 2024-03-14 is before registration date 2024-03-15/,
    ],
  ])('refuses %s with a message naming the problem', (_name, change, message) => {
    expect(() => encodeUnsigned({ ...COROLLA, ...change })).toThrow(message);
  });

  it('accepts a make of exactly 24 bytes and an expiry on the registration day', () => {
    expect(() =>
      encodeUnsigned({ ...COROLLA, make: 'Citroën Automobiles SAS', expiryDate: COROLLA.registrationDate }),
    ).not.toThrow();
  });
});

describe('decodeCredential', () => {
  it('rejects a wrong format version', () => {
    expect(detailOf(rawCredential({ version: 2, texts: corollaTexts() }))).toBe('unsupported format version 2');
  });

  it('rejects key id 0', () => {
    expect(detailOf(rawCredential({ keyId: 0, texts: corollaTexts() }))).toMatch(/key id/);
  });

  it('rejects an expiry before the registration', () => {
    expect(detailOf(rawCredential({ registration: 200, expiry: 199, texts: corollaTexts() }))).toMatch(
      /before registration/,
    );
  });

  it('rejects a zero or too long length byte', () => {
    const [plate = utf8(''), make = utf8(''), model = utf8('')] = corollaTexts();
    expect(detailOf(rawCredential({ texts: [plate, make, model, utf8('')] }))).toBe('colour length 0 is outside 1..16');
    expect(detailOf(rawCredential({ texts: [utf8('ZM-1234-ABC'), make, model, utf8('Red')] }))).toBe(
      'plate number length 11 is outside 1..10',
    );
  });

  it('rejects invalid UTF-8', () => {
    const [plate = utf8(''), , model = utf8(''), colour = utf8('')] = corollaTexts();
    expect(detailOf(rawCredential({ texts: [plate, Uint8Array.from([0x54, 0xff, 0x79]), model, colour] }))).toBe(
      'make is not valid UTF-8',
    );
    // An overlong encoding of '/' is not UTF-8 either.
    expect(detailOf(rawCredential({ texts: [plate, Uint8Array.from([0xc0, 0xaf]), model, colour] }))).toBe(
      'make is not valid UTF-8',
    );
  });

  it('rejects a leading byte-order mark instead of silently dropping it', () => {
    const [plate = utf8(''), , model = utf8(''), colour = utf8('')] = corollaTexts();
    expect(
      detailOf(rawCredential({ texts: [plate, Uint8Array.from([0xef, 0xbb, 0xbf, 0x54]), model, colour] })),
    ).toMatch(/make has leading/);
  });

  it('rejects text the encoder would not write: untrimmed, control characters, invalid plate numbers', () => {
    const [plate = utf8(''), make = utf8(''), model = utf8('')] = corollaTexts();
    expect(detailOf(rawCredential({ texts: [plate, make, model, utf8('Red ')] }))).toMatch(/colour has leading/);
    expect(detailOf(rawCredential({ texts: [plate, make, model, utf8('R\ned')] }))).toMatch(
      /colour contains a control/,
    );
    expect(detailOf(rawCredential({ texts: [utf8('zm-1'), make, model, utf8('Red')] }))).toMatch(/plate number/);
  });

  it('rejects a credential one byte short of its signature or with a byte after it', () => {
    const credential = signCredential(COROLLA, SEED_1);
    expect(detailOf(credential.subarray(0, credential.length - 1))).toBe('expected a 64-byte signature, 63 bytes left');
    expect(detailOf(Uint8Array.from([...credential, 0]))).toBe('1 unexpected bytes after the signature');
  });

  it('rejects anything shorter than the shortest credential', () => {
    expect(detailOf(new Uint8Array(0))).toMatch(/shorter/);
    expect(detailOf(new Uint8Array(MIN_CREDENTIAL_BYTES - 1))).toMatch(/shorter/);
  });

  it('reads a credential that sits inside a larger buffer', () => {
    const credential = signCredential(COROLLA, SEED_1);
    const buffer = new Uint8Array(credential.length + 10);
    buffer.set(credential, 5);
    expect(decodedFields(buffer.subarray(5, 5 + credential.length))).toEqual(COROLLA);
  });

  it('never throws, and accepts only bytes the encoder writes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const decoded = decodeCredential(bytes);
        if (decoded.ok)
          expect(hex(attachSignature(encodeUnsigned(decoded.fields), decoded.signature))).toBe(hex(bytes));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('dates', () => {
  it('counts days since 1970-01-01 in UTC', () => {
    expect(daysSinceEpoch('1970-01-01')).toBe(0);
    expect(daysSinceEpoch('2024-03-15')).toBe(19797);
    expect(daysSinceEpoch('2149-06-06')).toBe(65535);
    expect(dateFromDays(0)).toBe('1970-01-01');
    expect(dateFromDays(65535)).toBe('2149-06-06');
  });

  it('round-trips every day a credential can carry', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 65535 }), (days) => {
        expect(daysSinceEpoch(dateFromDays(days))).toBe(days);
      }),
    );
  });

  it('refuses dates it cannot carry and strings that are not dates', () => {
    for (const bad of [
      '1969-12-31',
      '2149-06-07',
      '2023-02-29',
      '2024-13-01',
      '2024-3-15',
      '20240315',
      '',
      '2024-03-15T00:00:00Z',
    ]) {
      expect(() => daysSinceEpoch(bad)).toThrow(RangeError);
    }
    for (const bad of [-1, 65536, 1.5, Number.NaN]) expect(() => dateFromDays(bad)).toThrow(RangeError);
  });

  it('knows leap days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2100-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
  });
});

describe('credentialFieldsSchema', () => {
  const input = {
    keyId: 1,
    plateNumber: ' zm-123-abc ',
    make: '  Citroe\u0308n ',
    model: 'C3',
    colour: 'Red',
    registrationDate: '2024-03-15',
    expiryDate: '2029-03-15',
  };

  it('trims the texts, normalises the plate number and composes accents', () => {
    const result = validate(credentialFieldsSchema, input);
    expect(result).toEqual({ ok: true, value: { ...input, plateNumber: 'ZM-123-ABC', make: 'Citroën' } });
    if (result.ok) expect(() => encodeUnsigned(result.value)).not.toThrow();
  });

  it('names the first problem of each field in words', () => {
    const result = validate(credentialFieldsSchema, {
      keyId: 0,
      plateNumber: 'ZM_1',
      make: '   ',
      model: 'Corolla\u0000',
      colour: 'Brilliant Silvers',
      registrationDate: '2024-02-30',
      expiryDate: '2150-01-01',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        keyId: 'Key id must be a whole number from 1 to 65535',
        plateNumber: 'Plate number may contain only letters, digits, spaces and hyphens',
        make: 'Please enter the make',
        model: 'Model must not contain control characters',
        colour: 'Colour is too long: at most 16 bytes, and letters such as ë count as two',
        registrationDate: 'Registration date must be a real date written YYYY-MM-DD',
        expiryDate: 'Expiry date must be between 1970-01-01 and 2149-06-06',
      },
    });
  });

  it('asks for missing fields', () => {
    const result = validate(credentialFieldsSchema, {});
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.make).toBe('Please enter the make');
      expect(result.errors.plateNumber).toBe('Please enter a plate number');
      expect(result.errors.registrationDate).toBe('Registration date is required');
    }
  });

  it('refuses an expiry before the registration, on the expiry field', () => {
    expect(validate(credentialFieldsSchema, { ...input, expiryDate: '2024-03-14' })).toEqual({
      ok: false,
      errors: { expiryDate: 'Expiry date must not be before the registration date' },
    });
  });

  it('passes fields already in stored form through unchanged', () => {
    const isNfc = (s: string) => s === s.normalize('NFC');
    fc.assert(
      fc.property(credentialFieldsArb(), (fields) => {
        fc.pre(isNfc(fields.make) && isNfc(fields.model) && isNfc(fields.colour));
        expect(validate(credentialFieldsSchema, fields)).toEqual({ ok: true, value: fields });
      }),
      { numRuns: 200 },
    );
  });

  it('only ever yields fields that encodeUnsigned accepts', () => {
    const sloppyText = fc.string({ unit: fc.constantFrom('a', 'É', 'e\u0301', ' ', '\t', '中', '🚗'), maxLength: 30 });
    fc.assert(
      fc.property(
        fc.record({
          plateNumber: fc.string({ maxLength: 12 }),
          make: sloppyText,
          model: sloppyText,
          colour: sloppyText,
        }),
        (texts) => {
          const result = validate(credentialFieldsSchema, { ...COROLLA, ...texts });
          if (result.ok) expect(() => encodeUnsigned(result.value)).not.toThrow();
        },
      ),
      { numRuns: 500 },
    );
  });
});
