// A forger who edits a genuine credential (another plate number, another colour, a later
// expiry) must never get anything but Not authentic, whatever byte they change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachSignature, decodeCredential, encodeUnsigned, signCredential } from '#domain/credential/credential';
import { verifyCredential } from '#domain/credential/verdict';
import { COROLLA, credentialFieldsArb, DEVICE, hex, LONGEST, SEED_1 } from './credential-test-kit';

const MUTATION_RUNS = 10_000;

/** Genuine credentials of varied shapes, all signed by key 1, which the device trusts. */
const genuine = [
  signCredential(COROLLA, SEED_1),
  signCredential({ ...LONGEST, keyId: 1 }, SEED_1),
  ...fc
    .sample(credentialFieldsArb(fc.constant(1)), { numRuns: 30, seed: 20261122 })
    .map((fields) => signCredential(fields, SEED_1)),
];

type Mutation =
  | { kind: 'change'; credential: number; position: number; delta: number }
  | { kind: 'truncate'; credential: number; length: number }
  | { kind: 'append'; credential: number; extra: Uint8Array };

const credentialIndex = fc.nat({ max: genuine.length - 1 });

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  // Weighted towards single-byte changes: they are the forger's main tool and the case with
  // the most possibilities (every position, 255 other values).
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      credential: credentialIndex,
      position: fc.nat(),
      delta: fc.integer({ min: 1, max: 255 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('truncate' as const), credential: credentialIndex, length: fc.nat() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('append' as const),
      credential: credentialIndex,
      extra: fc.uint8Array({ minLength: 1, maxLength: 16 }),
    }),
  },
);

function apply(mutation: Mutation): Uint8Array {
  const original = genuine[mutation.credential] ?? new Uint8Array(0);
  switch (mutation.kind) {
    case 'change': {
      const bytes = original.slice();
      const position = mutation.position % bytes.length;
      // Adding 1..255 modulo 256 always gives a different byte value.
      bytes[position] = ((bytes[position] ?? 0) + mutation.delta) % 256;
      return bytes;
    }
    case 'truncate':
      return original.slice(0, mutation.length % original.length);
    case 'append':
      return Uint8Array.from([...original, ...mutation.extra]);
  }
}

describe('a tampered credential', () => {
  it('starts from credentials the device accepts', () => {
    for (const credential of genuine) expect(verifyCredential(credential, DEVICE).verdict).not.toBe('Not authentic');
  });

  it(`is Not authentic in every one of ${MUTATION_RUNS} random single-byte changes, truncations and extensions`, () => {
    const runs = { change: 0, truncate: 0, append: 0 };
    let accepted = 0;
    fc.assert(
      fc.property(mutationArb, (mutation) => {
        runs[mutation.kind] += 1;
        const bytes = apply(mutation);
        const verdict = verifyCredential(bytes, DEVICE);
        if (verdict.verdict !== 'Not authentic') accepted += 1;
        expect(verdict.verdict).toBe('Not authentic');
        // Whatever still decodes has one encoding only, so no edit can yield the same fields.
        const decoded = decodeCredential(bytes);
        if (decoded.ok)
          expect(hex(attachSignature(encodeUnsigned(decoded.fields), decoded.signature))).toBe(hex(bytes));
      }),
      { numRuns: MUTATION_RUNS, seed: 4242 },
    );
    expect(accepted).toBe(0);
    expect(runs.change + runs.truncate + runs.append).toBe(MUTATION_RUNS);
    expect(runs.change).toBeGreaterThan(7_000);
    expect(runs.truncate).toBeGreaterThan(500);
    expect(runs.append).toBeGreaterThan(500);
  }, 180_000);

  it('is Not authentic when any byte of the plate number or colour is changed to any other value', () => {
    // The edits a plate cloner wants most, tried exhaustively on the Corolla credential.
    const credential = signCredential(COROLLA, SEED_1);
    const plateStart = 7;
    const colourStart = plateStart + 1 + 10 + 1 + 6 + 1 + 7;
    const positions = [
      ...Array.from({ length: 11 }, (_, i) => plateStart + i),
      ...Array.from({ length: 7 }, (_, i) => colourStart + i),
    ];
    let tried = 0;
    for (const position of positions) {
      for (let delta = 1; delta < 256; delta++) {
        const bytes = credential.slice();
        bytes[position] = ((bytes[position] ?? 0) + delta) % 256;
        expect(verifyCredential(bytes, DEVICE).verdict).toBe('Not authentic');
        tried += 1;
      }
    }
    expect(tried).toBe(18 * 255);
  });
});
