import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countBucketRows, decodeBucket, encodeBucket, findInBucket, REGISTRY_BUCKET_COUNT, registryBucketOf, type RegistryCopyRow } from '#domain/registry/registry-copy';
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

describe('registry copy buckets', () => {
  it('puts every plate number in one of the buckets, spread evenly over sequential numbers', () => {
    fc.assert(fc.property(plateNumber, (plate) => Number.isInteger(registryBucketOf(plate)) && registryBucketOf(plate) >= 0 && registryBucketOf(plate) < REGISTRY_BUCKET_COUNT));
    const counts = new Map<number, number>();
    for (let n = 0; n < 40_960; n += 1) {
      const bucket = registryBucketOf(`ZM-${String(n % 1000).padStart(3, '0')}-${String.fromCharCode(65 + ((n / 1000) % 26), 65 + ((n / 26_000) % 26), 65)}`);
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

  it('turns tabs and line breaks in vehicle text into spaces rather than breaking the block', () => {
    const block = encodeBucket([{ plateNumber: 'ZM-001-AAA', standing: 'Valid', registrationDate: '2024-01-01', expiryDate: '2029-01-01', make: 'Land\tRover', model: 'Defender\n110', colour: 'Green' }]);
    expect(decodeBucket(block)).toEqual([{ plateNumber: 'ZM-001-AAA', standing: 'Valid', registrationDate: '2024-01-01', expiryDate: '2029-01-01', make: 'Land Rover', model: 'Defender 110', colour: 'Green' }]);
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
