// The colour and words each verdict is shown with. Apart from verdict.ts so that a screen
// showing a verdict does not load the signature library.
import { unissuedExplanation } from '../plates/lifecycle';
import type { CredentialVerdict, NotAuthenticReason, RegistryVerdict } from './verdict';

export type VerdictName = CredentialVerdict['verdict'] | RegistryVerdict['verdict'];
export type VerdictTone = 'valid' | 'expired' | 'alarm' | 'warning';

type VerdictLike = VerdictName | { verdict: VerdictName };

function nameOf(verdict: VerdictLike): VerdictName {
  return typeof verdict === 'string' ? verdict : verdict.verdict;
}

/**
 * The spec's colours: Valid green check, Expired red, anything else a yellow warning — except
 * that a stolen or revoked plate is at least as alarming as an expired one: red, with a warning
 * sign, so an officer never reads it as milder than an out-of-date registration.
 */
export function verdictTone(verdict: VerdictLike): VerdictTone {
  switch (nameOf(verdict)) {
    case 'Valid':
      return 'valid';
    case 'Expired':
      return 'expired';
    case 'Stolen':
    case 'Revoked':
      return 'alarm';
    default:
      return 'warning';
  }
}

const HEADLINES = {
  Valid: 'Valid registration',
  Expired: 'Registration expired',
  Revoked: 'Plate revoked',
  Stolen: 'Reported stolen',
  'Not authentic': 'Not authentic',
  'Unknown plate': 'Unknown plate',
  'Not yet issued': 'Not yet issued',
} as const satisfies Record<VerdictName, string>;

export function verdictHeadline(verdict: VerdictLike): string {
  return HEADLINES[nameOf(verdict)];
}

/** Why a credential is not authentic, in words for an officer at the roadside. */
export const NOT_AUTHENTIC_EXPLANATIONS = {
  malformed: 'This is not a Nambala plate QR code, or it is damaged. Check the plate number by hand.',
  'unknown-key':
    'The QR code was signed with a key this device does not know: the plate may be forged, or the device needs to sync. Check the plate number by hand.',
  'key-revoked':
    'The QR code was signed with a registry key that has been withdrawn, and the registry does not hold what it says: the plate may be forged.',
  'bad-signature': 'The QR code was not signed by the registry: the plate may be forged.',
} as const satisfies Record<NotAuthenticReason, string>;

/** One or two sentences under the headline saying what the verdict means. */
export function verdictExplanation(verdict: CredentialVerdict | RegistryVerdict): string {
  switch (verdict.verdict) {
    case 'Not authentic':
      return NOT_AUTHENTIC_EXPLANATIONS[verdict.reason];
    case 'Unknown plate':
      return verdict.revocation === undefined
        ? `No registration was found for ${verdict.plateNumber}. Check that the number was entered correctly.`
        : `No registration was found for ${verdict.plateNumber}, but it is on the list of ${verdict.revocation.status === 'Stolen' ? 'stolen' : 'revoked'} plates.`;
    case 'Not yet issued':
      return unissuedExplanation(verdict.entry.status);
    case 'Valid':
      return 'The registration is current. Check that the vehicle matches the make, model and colour shown.';
    case 'Expired':
      return `The registration expired on ${'credential' in verdict ? verdict.credential.expiryDate : verdict.entry.expiryDate}.`;
    case 'Revoked':
      if (verdict.revocation?.supersededBefore !== undefined) return supersededExplanation(verdict.revocation.at);
      return verdict.revocation === undefined
        ? 'The registry has revoked this plate.'
        : `The registry revoked this plate on ${dayOf(verdict.revocation.at)}.`;
    case 'Stolen':
      return verdict.revocation === undefined
        ? 'This plate has been reported stolen.'
        : `This plate was reported stolen on ${dayOf(verdict.revocation.at)}.`;
  }
}

/** An older QR code of a plate whose registration was issued again (a transfer or a renewal). */
export function supersededExplanation(at: string): string {
  return `This QR code was replaced by a newer one on ${dayOf(at)}: the plate's registration was re-issued.`;
}

/** The date part of an ISO timestamp. */
function dayOf(iso: string): string {
  return iso.slice(0, 10);
}
