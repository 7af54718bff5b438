// The revocation list's entries, apart from verdict.ts so that a screen judging an owner's
// own registration (certificates) does not load the signature library.

/**
 * An entry of the revocation list the devices carry, keyed by plate number. With
 * `supersededBefore` (YYYY-MM-DD) it revokes only the plate's credentials registered
 * before that day: the registration was re-issued (a transfer, a renewal) and the
 * newer credential stays good (docs/decisions/018-transfers-and-renewals.md).
 */
export type Revocation = { plateNumber: string; status: 'Revoked' | 'Stolen'; at: string; supersededBefore?: string };

/** True when the entry revokes a credential registered on `registrationDate`. */
export function revokesCredential(revocation: Revocation, registrationDate: string): boolean {
  return revocation.supersededBefore === undefined || registrationDate < revocation.supersededBefore;
}
