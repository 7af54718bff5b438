import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countBucketRows,
  decodeBucket,
  encodeBucket,
  findInBucket,
  REGISTRY_BUCKET_COUNT,
  registryBucketOf,
  type RegistryCopyRow,
} from '#domain/registry/registry-copy';
import { expiryDateFor } from '#domain/registry/validity';

const plateNumber = fc
  .tuple(fc.integer({ min: 0, max: 999 }), fc.stringMatching(/^[A-Z]{3}$/))
  .map(([digits, letters]) => `ZM-${String(digits).padStart(3, '0')}-${letters}`);
const text = fc.string({ minLength: 1, maxLength: 20 }).filter((value) => !/[\t\n\r]/.test(value));
const date = fc.integer({ min: 0, max: 60_000 }).map((days) => new Date(days * 86_400_000).toISOString().slice(0, 10));
const row = fc.record({
  plateNumber,
  standing: fc.constantFrom('Valid' as const, 'Revoked' as const, 'Stolen' as const),
  registrationDate: date,
  expiryDate: date,
  make: text,
  model: text,
  colour: text,
}) satisfies fc.Arbitrary<RegistryCopyRow>;
const rows = fc.uniqueArray(row, { selector: (entry) => entry.plateNumber, maxLength: 60 });
const coverTerm = fc.record({ insurer: text, startDate: date, endDate: date });
/** Rows as the server now sends them: a registered plate with its cover terms (perhaps none), a held number without. */
const rowWithCover = fc.oneof(
  fc.tuple(row, fc.array(coverTerm, { maxLength: 4 })).map(([entry, cover]): RegistryCopyRow => ({ ...entry, cover })),
  plateNumber.map((number): RegistryCopyRow => ({
    plateNumber: number,
    standing: 'Allocated',
    registrationDate: '',
    expiryDate: '',
    make: '',
    model: '',
    colour: '',
  })),
);
const rowsWithCover = fc.uniqueArray(rowWithCover, { selector: (entry) => entry.plateNumber, maxLength: 60 });

describe('registry copy buckets', () => {
  it('puts every plate number in one of the buckets, spread evenly over sequential numbers', () => {
    fc.assert(
      fc.property(
        plateNumber,
        (plate) =>
          Number.isInteger(registryBucketOf(plate)) &&
          registryBucketOf(plate) >= 0 &&
          registryBucketOf(plate) < REGISTRY_BUCKET_COUNT,
      ),
    );
    const counts = new Map<number, number>();
    for (let n = 0; n < 40_960; n += 1) {
      const bucket = registryBucketOf(
        `ZM-${String(n % 1000).padStart(3, '0')}-${String.fromCharCode(65 + ((n / 1000) % 26), 65 + ((n / 26_000) % 26), 65)}`,
      );
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
    }
    // 10 per bucket on average; none empty and none above 3× the average.
    expect(counts.size).toBeGreaterThan(REGISTRY_BUCKET_COUNT * 0.99);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(30);
  });

  it('decodes what it encodes, sorted by plate number', () => {
    fc.assert(
      fc.property(rows, (entries) => {
        const block = encodeBucket(entries);
        const sorted = [...entries].sort((a, b) => (a.plateNumber < b.plateNumber ? -1 : 1));
        expect(decodeBucket(block)).toEqual(sorted);
        expect(countBucketRows(block)).toBe(entries.length);
      }),
    );
  });

  it('finds exactly the plates a block holds, and no plate that only shares a prefix or suffix', () => {
    fc.assert(
      fc.property(rows, plateNumber, (entries, other) => {
        const block = encodeBucket(entries);
        for (const entry of entries) expect(findInBucket(block, entry.plateNumber)).toEqual(entry);
        const held = entries.some((entry) => entry.plateNumber === other);
        expect(findInBucket(block, other) !== undefined).toBe(held);
        expect(findInBucket(block, other.slice(0, -1))).toBeUndefined();
        expect(findInBucket(block, other.slice(1))).toBeUndefined();
      }),
    );
  });

  it('decodes rows with their cover terms as encoded, finds each, and keeps none apart from unsaid', () => {
    fc.assert(
      fc.property(rowsWithCover, (entries) => {
        const block = encodeBucket(entries);
        const sorted = [...entries].sort((a, b) => (a.plateNumber < b.plateNumber ? -1 : 1));
        expect(decodeBucket(block)).toEqual(sorted);
        expect(countBucketRows(block)).toBe(entries.length);
        for (const entry of entries) {
          const found = findInBucket(block, entry.plateNumber);
          expect(found).toEqual(entry);
          expect(found?.cover === undefined).toBe(entry.cover === undefined);
        }
      }),
    );
  });

  it('writes a registered plate with no cover as a count of 0, and one with cover as its terms', () => {
    const base = {
      standing: 'Valid' as const,
      registrationDate: '2024-03-15',
      expiryDate: '2029-03-15',
      make: 'Toyota',
      model: 'Corolla',
      colour: 'Silver',
    };
    const block = encodeBucket([
      { plateNumber: 'ZM-001-AAA', ...base, cover: [] },
      {
        plateNumber: 'ZM-002-AAA',
        ...base,
        cover: [{ insurer: 'Madison\tGeneral', startDate: '2026-07-27', endDate: '2027-07-26' }],
      },
    ]);
    const [none, insured] = block.split('\n');
    expect(none?.split('\t').slice(7)).toEqual(['0']);
    expect(insured?.split('\t').slice(7)).toEqual([
      '1',
      (Date.parse('2026-07-27') / 86_400_000).toString(36),
      (Date.parse('2027-07-26') / 86_400_000).toString(36),
      'Madison General',
    ]);
    expect(findInBucket(block, 'ZM-001-AAA')?.cover).toEqual([]);
    expect(findInBucket(block, 'ZM-002-AAA')?.cover).toEqual([
      { insurer: 'Madison General', startDate: '2026-07-27', endDate: '2027-07-26' },
    ]);
  });

  it('keeps a row whose cover fields are cut short, saying nothing of its cover, and ignores fields a later format adds', () => {
    const head = ['ZM-001-AAA', 'V', 'j0y', 'k4d', 'Toyota', 'Corolla', 'Silver'];
    const cut = findInBucket([...head, '2', 'k0', 'k9', 'Madison'].join('\t'), 'ZM-001-AAA');
    expect(cut).toMatchObject({ make: 'Toyota' });
    expect(cut?.cover).toBeUndefined();
    expect(findInBucket([...head, '1', 'k0', 'k9', 'Madison', 'more'].join('\t'), 'ZM-001-AAA')?.cover).toHaveLength(1);
  });

  it('turns tabs and line breaks in vehicle text into spaces rather than breaking the block', () => {
    const block = encodeBucket([
      {
        plateNumber: 'ZM-001-AAA',
        standing: 'Valid',
        registrationDate: '2024-01-01',
        expiryDate: '2029-01-01',
        make: 'Land\tRover',
        model: 'Defender\n110',
        colour: 'Green',
      },
    ]);
    expect(decodeBucket(block)).toEqual([
      {
        plateNumber: 'ZM-001-AAA',
        standing: 'Valid',
        registrationDate: '2024-01-01',
        expiryDate: '2029-01-01',
        make: 'Land Rover',
        model: 'Defender 110',
        colour: 'Green',
      },
    ]);
  });
});

describe('expiryDateFor', () => {
  it('is the same day five years on', () => {
    expect(expiryDateFor('2024-03-15', 5)).toBe('2029-03-15');
    expect(expiryDateFor('2026-12-31', 5)).toBe('2031-12-31');
  });

  it('ends a 29 February registration on 28 February, never later', () => {
    expect(expiryDateFor('2024-02-29', 5)).toBe('2029-02-28');
    expect(expiryDateFor('2024-02-29', 4)).toBe('2028-02-29');
  });

  it('is always after the registration and within the term', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 50 }), (registration, years) => {
        const expiry = expiryDateFor(registration, years);
        expect(expiry > registration).toBe(true);
        expect(Number(expiry.slice(0, 4)) - Number(registration.slice(0, 4))).toBe(years);
      }),
    );
  });
});
