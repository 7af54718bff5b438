// A QR code signed by a key the registry has replaced: a revoked key (lost or leaked), or a
// retired one whose plates have been re-issued under the active key. Such a code is either
// a re-issued plate's old sticker, which the officer should check by number, or a forgery
// made with a leaked key. What tells them apart is the registry (online, or the device's
// copy): it still holds exactly those fields as the plate's registration, or it does not.
// docs/decisions/043-reissue-after-key-revoke.md.
import type { CredentialFields } from './credential';
import type { Revocation } from './revocation';
import { type RegistryEntry, type RegistryVerdict, type TrustedKey, verdictFromRegistry } from './verdict';

/** The words an officer reads on a re-issued plate's old QR code, beside the plate's by-number verdict. */
export const REISSUED_NOTICE = 'Re-issued: this QR code is out of date. Check the number';

/** The registry's entry for the plate, with the key of its current credential when known (the device copy's rows of format 2 may not say). */
export type HeldEntry = RegistryEntry & { keyId?: number };

export type OutdatedJudgement =
  /** Not outdated (an active key, or a retired key whose plate has not been re-issued yet): judged as usual. */
  | { outcome: 'current' }
  /** The registry holds these very fields as the plate's registration: an old QR code of a re-issued plate. */
  | { outcome: 'reissued'; notice: typeof REISSUED_NOTICE; byNumber: RegistryVerdict }
  /** A revoked key, and the registry does not hold what it signed: it may be forged. */
  | { outcome: 'may-be-forged' }
  /** A revoked key, and nothing here says what the registry holds (offline, no copy): check the number. */
  | { outcome: 'needs-registry' };

/** True when the credential says exactly what the registry holds for the plate: same number, vehicle and dates. */
export function matchesRegistry(credential: CredentialFields, entry: RegistryEntry): boolean {
  return (
    entry.status !== 'Allocated' &&
    entry.status !== 'Made' &&
    credential.plateNumber === entry.plateNumber &&
    credential.make === entry.make &&
    credential.model === entry.model &&
    credential.colour === entry.colour &&
    credential.registrationDate === entry.registrationDate &&
    credential.expiryDate === entry.expiryDate
  );
}

/**
 * The decision rule. `credential` verified under its key (`keyStatus`); `registry` is what is
 * known of the plate: undefined when nothing is (offline with no copy), `{ entry: undefined }`
 * when the registry has no such plate.
 *   revoked key:  fields held by the registry → reissued (with the by-number verdict);
 *                 not held → may be forged; registry unknown → needs the registry.
 *   retired key:  fields held and the registry's credential is from another key → reissued;
 *                 otherwise current (still verifies until its plate is re-issued).
 *   active key:   current.
 */
export function judgeOutdatedCredential(input: {
  credential: CredentialFields;
  keyStatus: TrustedKey['status'];
  registry: { entry: HeldEntry | undefined } | undefined;
  revocations: ReadonlyMap<string, Revocation>;
  today: string;
}): OutdatedJudgement {
  const { credential, keyStatus, registry } = input;
  if (keyStatus === 'active') return { outcome: 'current' };
  if (registry === undefined) return keyStatus === 'revoked' ? { outcome: 'needs-registry' } : { outcome: 'current' };
  const entry = registry.entry;
  const isHeld = entry !== undefined && matchesRegistry(credential, entry);
  if (keyStatus === 'revoked') return isHeld ? reissued(credential, entry, input) : { outcome: 'may-be-forged' };
  const isReplaced = isHeld && entry.keyId !== undefined && entry.keyId !== credential.keyId;
  return isReplaced ? reissued(credential, entry, input) : { outcome: 'current' };
}

function reissued(
  credential: CredentialFields,
  entry: HeldEntry,
  { revocations, today }: { revocations: ReadonlyMap<string, Revocation>; today: string },
): OutdatedJudgement {
  return {
    outcome: 'reissued',
    notice: REISSUED_NOTICE,
    byNumber: verdictFromRegistry(credential.plateNumber, entry, revocations, today),
  };
}
