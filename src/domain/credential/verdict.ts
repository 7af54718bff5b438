// What an officer is told about a plate: from a scanned credential (offline, against the
// registry keys and revocation list held on the device) or from a registry lookup by plate
// number. The colour and words each verdict is shown with are in presentation.ts.
import { ed25519 } from '@noble/curves/ed25519.js';
import type { UnissuedStanding } from '../plates/lifecycle';
import { normalisePlateNumber } from '../plates/plate-number';
import { type CredentialFields, decodeCredential, isIsoDate, signingMessage } from './credential';
import { type Revocation, revokesCredential } from './revocation';

/** A registry signing key. Retired keys no longer sign but still verify what they signed. */
export type TrustedKey = { keyId: number; publicKey: Uint8Array; status: 'active' | 'retired' | 'revoked' };

export { type Revocation, revokesCredential } from './revocation';

export type NotAuthenticReason = 'malformed' | 'unknown-key' | 'key-revoked' | 'bad-signature';

export type CredentialVerdict =
  /**
   * `credential`: only with 'key-revoked', and only when the signature is the revoked key's
   * own: the fields it signed, for the registry to say whether it still holds them
   * (outdated-credential.ts: a re-issued plate's old QR code, or a forgery).
   */
  | { verdict: 'Not authentic'; reason: NotAuthenticReason; keyId?: number; credential?: CredentialFields }
  | { verdict: 'Valid' | 'Expired' | 'Revoked' | 'Stolen'; credential: CredentialFields; revocation?: Revocation };

export type VerificationContext = {
  keys: ReadonlyMap<number, TrustedKey>;
  revocations: ReadonlyMap<string, Revocation>;
  /** YYYY-MM-DD, the date to judge expiry by (see correctedToday). */
  today: string;
};

function assertIsoDate(today: string): void {
  if (!isIsoDate(today)) throw new RangeError(`today must be a YYYY-MM-DD date, got '${today}'`);
}

/** True when a registration whose last valid day is `expiryDate` has expired by `today`. */
export function isExpired(expiryDate: string, today: string): boolean {
  // ISO dates compare correctly as strings; the expiry day itself is still valid.
  return today > expiryDate;
}

/**
 * Checks a credential in a fixed order, each step only once the previous one passed:
 * decode → key known → signature → key not revoked → revocation list → expiry. A revoked
 * key's credential with its genuine signature comes back with its fields, so that the
 * registry can tell a re-issued plate's old QR code from a forgery (judgeOutdatedCredential).
 * The revocation list is consulted only for authentic credentials, so a forged QR code
 * cannot make a genuine plate look stolen. Throws RangeError only for a malformed `today`.
 */
export function verifyCredential(
  bytes: Uint8Array,
  { keys, revocations, today }: VerificationContext,
): CredentialVerdict {
  assertIsoDate(today);
  const decoded = decodeCredential(bytes);
  if (!decoded.ok) return { verdict: 'Not authentic', reason: 'malformed' };
  const { fields, unsigned, signature } = decoded;
  const key = keys.get(fields.keyId);
  if (key === undefined) return { verdict: 'Not authentic', reason: 'unknown-key', keyId: fields.keyId };
  if (!isSignatureValid(signature, signingMessage(unsigned), key.publicKey)) {
    return { verdict: 'Not authentic', reason: 'bad-signature', keyId: fields.keyId };
  }
  if (key.status === 'revoked')
    return { verdict: 'Not authentic', reason: 'key-revoked', keyId: fields.keyId, credential: fields };
  const revocation = revocations.get(fields.plateNumber);
  if (revocation !== undefined && revokesCredential(revocation, fields.registrationDate))
    return { verdict: revocation.status, credential: fields, revocation };
  return { verdict: isExpired(fields.expiryDate, today) ? 'Expired' : 'Valid', credential: fields };
}

function isSignatureValid(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    // zip215: false is strict RFC 8032, the rule node:crypto (OpenSSL) applies on the server,
    // so device and server accept exactly the same signatures.
    return ed25519.verify(signature, message, publicKey, { zip215: false });
  } catch {
    // noble throws for a public key of the wrong length or not on the curve: a bad key
    // list entry must not turn into a crash at the roadside.
    return false;
  }
}

// ---------------------------------------------------------------------------------------
// Lookup by plate number

export type RegistryEntry = {
  plateNumber: string;
  /** Allocated or Made: held for an owner, not yet registered to a vehicle (no dates, no vehicle). */
  status: 'Valid' | 'Expired' | 'Revoked' | 'Stolen' | UnissuedStanding;
  expiryDate: string;
  registrationDate: string;
  make: string;
  model: string;
  colour: string;
};

export type RegistryVerdict =
  // A revocation for a plate the device has no entry for is still passed on: a stolen
  // report matters even when the registration itself is unknown here.
  | { verdict: 'Unknown plate'; plateNumber: string; revocation?: Revocation }
  | { verdict: 'Not yet issued'; entry: RegistryEntry & { status: UnissuedStanding }; revocation?: undefined }
  | {
      verdict: 'Valid' | 'Expired' | 'Revoked' | 'Stolen';
      entry: RegistryEntry & { status: Exclude<RegistryEntry['status'], UnissuedStanding> };
      revocation?: Revocation;
    };

/**
 * The verdict for a plate number typed in or read off a plate. The revocation list wins over
 * the entry's status because it may be newer than the entry the device holds; a Valid entry
 * past its expiry date is Expired.
 */
export function verdictFromRegistry(
  plateNumber: string,
  entry: RegistryEntry | undefined,
  revocations: ReadonlyMap<string, Revocation>,
  today: string,
): RegistryVerdict {
  assertIsoDate(today);
  const number = normalisePlateNumber(plateNumber);
  const listed = revocations.get(number);
  // A supersession speaks of older QR codes only; the registry's entry is the current registration.
  const revocation = listed?.supersededBefore === undefined ? listed : undefined;
  if (entry === undefined)
    return revocation === undefined
      ? { verdict: 'Unknown plate', plateNumber: number }
      : { verdict: 'Unknown plate', plateNumber: number, revocation };
  const status = entry.status;
  // A number held for an owner has no registration to revoke; a revocation for it is passed on as for an unknown plate.
  if (status === 'Allocated' || status === 'Made')
    return revocation === undefined
      ? { verdict: 'Not yet issued', entry: { ...entry, status } }
      : { verdict: 'Unknown plate', plateNumber: number, revocation };
  const issued = { ...entry, status };
  if (revocation !== undefined) return { verdict: revocation.status, entry: issued, revocation };
  if (status === 'Valid' && isExpired(entry.expiryDate, today)) return { verdict: 'Expired', entry: issued };
  return { verdict: status, entry: issued };
}
