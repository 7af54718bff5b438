// The signed plate credential: the registry's statement "this plate number belongs to a
// vehicle of this make, model and colour, registered on this date and valid until that
// one", small enough for a QR code on the plate and checkable offline. This module owns the
// byte format (see docs/credential.md); numeric.ts and qr-url.ts carry the bytes in a QR
// code or URL, verdict.ts decides what an officer is told.
import { ed25519 } from '@noble/curves/ed25519.js';
import { isValidPlateNumber, PLATE_NUMBER_MAX_LENGTH } from '../plates/plate-number';
import {
  CREDENTIAL_FIRST_DATE,
  CREDENTIAL_LAST_DATE,
  dateFromDays,
  daysSinceEpoch,
  isCredentialDate,
} from './credential-dates';

export {
  CREDENTIAL_FIRST_DATE,
  CREDENTIAL_LAST_DATE,
  CREDENTIAL_MAX_DAY,
  dateFromDays,
  daysSinceEpoch,
  isCredentialDate,
  isIsoDate,
  isoDateOf,
} from './credential-dates';

export const CREDENTIAL_FORMAT_VERSION = 1;

/**
 * Signed before the credential bytes but never transmitted: a signature the registry key
 * made over anything else (another format, another product) does not verify here.
 */
export const CREDENTIAL_CONTEXT = 'nambala-plate-credential/v1';

export const CREDENTIAL_MIN_KEY_ID = 1;
export const CREDENTIAL_MAX_KEY_ID = 0xffff;

export const CREDENTIAL_PLATE_NUMBER_MAX_BYTES = PLATE_NUMBER_MAX_LENGTH;
export const CREDENTIAL_MAKE_MAX_BYTES = 24;
export const CREDENTIAL_MODEL_MAX_BYTES = 24;
export const CREDENTIAL_COLOUR_MAX_BYTES = 16;
export const CREDENTIAL_SIGNATURE_BYTES = 64;
export const ED25519_SEED_BYTES = 32;

/** Version, key id, registration date, expiry date. */
const HEADER_BYTES = 1 + 2 + 2 + 2;
export const MIN_CREDENTIAL_BYTES = HEADER_BYTES + 4 * (1 + 1) + CREDENTIAL_SIGNATURE_BYTES;
export const MAX_CREDENTIAL_BYTES =
  HEADER_BYTES +
  (1 + CREDENTIAL_PLATE_NUMBER_MAX_BYTES) +
  (1 + CREDENTIAL_MAKE_MAX_BYTES) +
  (1 + CREDENTIAL_MODEL_MAX_BYTES) +
  (1 + CREDENTIAL_COLOUR_MAX_BYTES) +
  CREDENTIAL_SIGNATURE_BYTES;

export type CredentialFields = {
  keyId: number;
  plateNumber: string;
  make: string;
  model: string;
  colour: string;
  /** YYYY-MM-DD */
  registrationDate: string;
  /** YYYY-MM-DD; the last day on which the registration is valid. */
  expiryDate: string;
};

export type CredentialTextField = 'make' | 'model' | 'colour';

export const CREDENTIAL_TEXT_MAX_BYTES = {
  make: CREDENTIAL_MAKE_MAX_BYTES,
  model: CREDENTIAL_MODEL_MAX_BYTES,
  colour: CREDENTIAL_COLOUR_MAX_BYTES,
} as const satisfies Record<CredentialTextField, number>;

const utf8Encoder = new TextEncoder();
// fatal: invalid UTF-8 is an error, not U+FFFD. ignoreBOM: a leading EF BB BF stays in the
// text (and then fails the trim rule) instead of being dropped silently, so every accepted
// byte string is the one encodeUnsigned would write.
const utf8Decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function utf8ByteLength(s: string): number {
  return utf8Encoder.encode(s).length;
}

// Control characters would let a credential print differently from how it reads; a lone
// surrogate has no UTF-8 form and TextEncoder would quietly replace it.
export const CONTROL_OR_LONE_SURROGATE = /[\p{Cc}\p{Cs}]/u;

/** What is wrong with a make, model or colour as stored in a credential, or null if nothing. */
export function credentialTextProblem(value: string, maxBytes: number): string | null {
  if (value.length === 0) return 'is empty';
  if (value.trim() !== value) return 'has leading or trailing whitespace';
  if (CONTROL_OR_LONE_SURROGATE.test(value)) return 'contains a control character';
  const bytes = utf8ByteLength(value);
  if (bytes > maxBytes) return `is ${bytes} bytes of UTF-8, more than ${maxBytes}`;
  return null;
}

export function isValidCredentialText(value: string, maxBytes: number): boolean {
  return credentialTextProblem(value, maxBytes) === null;
}

// ---------------------------------------------------------------------------------------
// Field rules, shared by the encoder, the decoder and (as messages) the schema

export function isValidKeyId(keyId: number): boolean {
  return Number.isInteger(keyId) && keyId >= CREDENTIAL_MIN_KEY_ID && keyId <= CREDENTIAL_MAX_KEY_ID;
}

/**
 * The first thing wrong with `fields` for a credential, or null. Fields must already be in
 * their stored form (trimmed, normalised plate number): the encoder signs exactly what it is
 * given rather than tidying it silently. credentialFieldsSchema does the tidying.
 */
export function credentialFieldsProblem(fields: CredentialFields): string | null {
  if (!isValidKeyId(fields.keyId))
    return `key id must be a whole number from 1 to ${CREDENTIAL_MAX_KEY_ID}, got ${fields.keyId}`;
  if (!isValidPlateNumber(fields.plateNumber))
    return `plate number '${fields.plateNumber}' is not a valid normalised plate number`;
  for (const field of ['make', 'model', 'colour'] as const) {
    const problem = credentialTextProblem(fields[field], CREDENTIAL_TEXT_MAX_BYTES[field]);
    if (problem !== null) return `${field} ${problem}`;
  }
  if (!isCredentialDate(fields.registrationDate)) {
    return `registration date must be a YYYY-MM-DD date from ${CREDENTIAL_FIRST_DATE} to ${CREDENTIAL_LAST_DATE}, got '${fields.registrationDate}'`;
  }
  if (!isCredentialDate(fields.expiryDate)) {
    return `expiry date must be a YYYY-MM-DD date from ${CREDENTIAL_FIRST_DATE} to ${CREDENTIAL_LAST_DATE}, got '${fields.expiryDate}'`;
  }
  // ISO dates compare correctly as strings.
  if (fields.expiryDate < fields.registrationDate) {
    return `expiry date ${fields.expiryDate} is before registration date ${fields.registrationDate}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// What the server says of fields it will not sign (the schema is in credential-fields-schema.ts)

export const CREDENTIAL_KEY_ID_INVALID = `Key id must be a whole number from 1 to ${CREDENTIAL_MAX_KEY_ID}`;
export const CREDENTIAL_EXPIRY_BEFORE_REGISTRATION = 'Expiry date must not be before the registration date';

// ---------------------------------------------------------------------------------------
// Encoding

/**
 * The credential bytes that the signature covers (everything before it). Throws an Error
 * naming the problem when `fields` could not be decoded back to the same values.
 */
export function encodeUnsigned(fields: CredentialFields): Uint8Array {
  const problem = credentialFieldsProblem(fields);
  if (problem !== null) throw new Error(`Cannot encode credential: ${problem}`);
  const texts = [fields.plateNumber, fields.make, fields.model, fields.colour].map((s) => utf8Encoder.encode(s));
  const out = new Uint8Array(HEADER_BYTES + texts.reduce((sum, t) => sum + 1 + t.length, 0));
  const view = new DataView(out.buffer);
  view.setUint8(0, CREDENTIAL_FORMAT_VERSION);
  view.setUint16(1, fields.keyId); // DataView is big-endian unless told otherwise.
  view.setUint16(3, daysSinceEpoch(fields.registrationDate));
  view.setUint16(5, daysSinceEpoch(fields.expiryDate));
  let at = HEADER_BYTES;
  for (const text of texts) {
    out[at] = text.length;
    out.set(text, at + 1);
    at += 1 + text.length;
  }
  return out;
}

/** What the registry key signs: the context string, then the unsigned credential bytes. */
export function signingMessage(unsigned: Uint8Array): Uint8Array {
  const context = utf8Encoder.encode(CREDENTIAL_CONTEXT);
  const message = new Uint8Array(context.length + unsigned.length);
  message.set(context, 0);
  message.set(unsigned, context.length);
  return message;
}

/** The complete credential: the unsigned bytes followed by the 64-byte signature. */
export function attachSignature(unsigned: Uint8Array, signature: Uint8Array): Uint8Array {
  if (signature.length !== CREDENTIAL_SIGNATURE_BYTES) {
    throw new RangeError(`An Ed25519 signature is ${CREDENTIAL_SIGNATURE_BYTES} bytes, got ${signature.length}`);
  }
  const credential = new Uint8Array(unsigned.length + signature.length);
  credential.set(unsigned, 0);
  credential.set(signature, unsigned.length);
  return credential;
}

/**
 * Signs `fields` with the 32-byte Ed25519 seed of key `fields.keyId`. The reference signer:
 * tests use it, and the server's node:crypto signer must produce the same bytes (Ed25519
 * signatures are deterministic).
 */
export function signCredential(fields: CredentialFields, seed: Uint8Array): Uint8Array {
  if (seed.length !== ED25519_SEED_BYTES)
    throw new RangeError(`An Ed25519 seed is ${ED25519_SEED_BYTES} bytes, got ${seed.length}`);
  const unsigned = encodeUnsigned(fields);
  return attachSignature(unsigned, ed25519.sign(signingMessage(unsigned), seed));
}

// ---------------------------------------------------------------------------------------
// Decoding

export type DecodedCredential =
  | { ok: true; fields: CredentialFields; unsigned: Uint8Array; signature: Uint8Array }
  | { ok: false; reason: 'malformed'; detail: string };

function malformed(detail: string): DecodedCredential {
  return { ok: false, reason: 'malformed', detail };
}

/**
 * Reads credential bytes without checking the signature. Accepts exactly the byte strings
 * encodeUnsigned + attachSignature can produce, so one set of fields has one encoding;
 * anything else (other version, bad lengths, invalid UTF-8, extra bytes) is malformed.
 * Never throws.
 */
export function decodeCredential(bytes: Uint8Array): DecodedCredential {
  if (bytes.length < MIN_CREDENTIAL_BYTES)
    return malformed(`${bytes.length} bytes is shorter than the shortest credential (${MIN_CREDENTIAL_BYTES})`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint8(0);
  if (version !== CREDENTIAL_FORMAT_VERSION) return malformed(`unsupported format version ${version}`);
  const keyId = view.getUint16(1);
  const registrationDate = dateFromDays(view.getUint16(3));
  const expiryDate = dateFromDays(view.getUint16(5));

  let at = HEADER_BYTES;
  const texts: string[] = [];
  const limits = [
    ['plate number', CREDENTIAL_PLATE_NUMBER_MAX_BYTES],
    ['make', CREDENTIAL_MAKE_MAX_BYTES],
    ['model', CREDENTIAL_MODEL_MAX_BYTES],
    ['colour', CREDENTIAL_COLOUR_MAX_BYTES],
  ] as const;
  for (const [name, maxBytes] of limits) {
    const length = bytes[at];
    if (length === undefined) return malformed(`ends before the ${name}`);
    if (length < 1 || length > maxBytes) return malformed(`${name} length ${length} is outside 1..${maxBytes}`);
    if (at + 1 + length > bytes.length) return malformed(`${name} runs past the end`);
    try {
      texts.push(utf8Decoder.decode(bytes.subarray(at + 1, at + 1 + length)));
    } catch {
      return malformed(`${name} is not valid UTF-8`);
    }
    at += 1 + length;
  }
  const [plateNumber = '', make = '', model = '', colour = ''] = texts;
  const fields: CredentialFields = { keyId, plateNumber, make, model, colour, registrationDate, expiryDate };
  const problem = credentialFieldsProblem(fields);
  if (problem !== null) return malformed(problem);

  const left = bytes.length - at;
  if (left < CREDENTIAL_SIGNATURE_BYTES)
    return malformed(`expected a ${CREDENTIAL_SIGNATURE_BYTES}-byte signature, ${left} bytes left`);
  if (left > CREDENTIAL_SIGNATURE_BYTES)
    return malformed(`${left - CREDENTIAL_SIGNATURE_BYTES} unexpected bytes after the signature`);
  return { ok: true, fields, unsigned: bytes.slice(0, at), signature: bytes.slice(at) };
}
