// Keys, fixed fields and fast-check generators shared by the credential tests.
import { ed25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import {
  type CredentialFields,
  CREDENTIAL_COLOUR_MAX_BYTES,
  CREDENTIAL_MAKE_MAX_BYTES,
  CREDENTIAL_MAX_DAY,
  CREDENTIAL_MODEL_MAX_BYTES,
  dateFromDays,
  isValidCredentialText,
} from '#domain/credential/credential';
import type { Revocation, TrustedKey, VerificationContext } from '#domain/credential/verdict';
import { isValidPlateNumber } from '#domain/plates/plate-number';

/** The fixed test seed of key 1: bytes 0x01..0x20. */
export const SEED_1 = Uint8Array.from({ length: 32 }, (_, i) => i + 0x01);
/** A second key (id 9), bytes 0x21..0x40, which the verifying device does not trust. */
export const SEED_9 = Uint8Array.from({ length: 32 }, (_, i) => i + 0x21);

export const PUBLIC_KEY_1 = ed25519.getPublicKey(SEED_1);
export const PUBLIC_KEY_9 = ed25519.getPublicKey(SEED_9);

export const KEY_1: TrustedKey = { keyId: 1, publicKey: PUBLIC_KEY_1, status: 'active' };

export function keyring(...keys: TrustedKey[]): ReadonlyMap<number, TrustedKey> {
  return new Map(keys.map((key) => [key.keyId, key]));
}

export function revocationList(...revocations: Revocation[]): ReadonlyMap<string, Revocation> {
  return new Map(revocations.map((revocation) => [revocation.plateNumber, revocation]));
}

export const TODAY = '2026-11-22';

/** A device that trusts only key 1 and has an empty revocation list. */
export const DEVICE: VerificationContext = { keys: keyring(KEY_1), revocations: revocationList(), today: TODAY };

export const COROLLA: CredentialFields = {
  keyId: 1,
  plateNumber: 'ZM-123-ABC',
  make: 'Toyota',
  model: 'Corolla',
  colour: 'Silver',
  registrationDate: '2024-03-15',
  expiryDate: '2029-03-15',
};

/** Every variable-length field at its maximum: 149 bytes once signed. */
export const LONGEST: CredentialFields = {
  keyId: 0xffff,
  plateNumber: 'ZM-123-ABC',
  make: 'Mercedes-Benz Commercial',
  model: 'Sprinter 316 CDI LWB Van',
  colour: 'Brilliant Silver',
  registrationDate: '2024-03-15',
  expiryDate: '2149-06-06',
};

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

export function fromHex(text: string): Uint8Array {
  return Uint8Array.from(Buffer.from(text, 'hex'));
}

// ---------------------------------------------------------------------------------------
// Generators

export const plateNumberArb = fc.stringMatching(/^[A-Z0-9](?:[A-Z0-9 -]{0,8}[A-Z0-9])?$/).filter(isValidPlateNumber);

const vehicleCharacters = fc.constantFrom(
  'A',
  'z',
  'e',
  ' ',
  '-',
  '.',
  '0',
  '9',
  'ë',
  'é',
  'Š',
  'ß',
  'Ø',
  '中',
  '🚗',
  'e\u0301',
  '\u00a0',
);

/** Text that a credential can carry in `maxBytes`, often non-ASCII ('Citroën', 'Škoda'). */
export function vehicleTextArb(maxBytes: number): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom('Citroën', 'Škoda', 'Toyota', 'Mercedes-Benz', 'Grün', 'Weiß'),
      fc.string({ unit: vehicleCharacters, minLength: 1, maxLength: maxBytes }),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.floor(maxBytes / 4) }),
    )
    .map((s) => s.trim())
    .filter((s) => isValidCredentialText(s, maxBytes));
}

const dayArb = fc.integer({ min: 0, max: CREDENTIAL_MAX_DAY });

export function credentialFieldsArb(
  keyId: fc.Arbitrary<number> = fc.integer({ min: 1, max: 0xffff }),
): fc.Arbitrary<CredentialFields> {
  return fc
    .record({
      keyId,
      plateNumber: plateNumberArb,
      make: vehicleTextArb(CREDENTIAL_MAKE_MAX_BYTES),
      model: vehicleTextArb(CREDENTIAL_MODEL_MAX_BYTES),
      colour: vehicleTextArb(CREDENTIAL_COLOUR_MAX_BYTES),
      days: fc.tuple(dayArb, dayArb),
    })
    .map(({ days: [a, b], ...rest }) => ({
      ...rest,
      registrationDate: dateFromDays(Math.min(a, b)),
      expiryDate: dateFromDays(Math.max(a, b)),
    }));
}
