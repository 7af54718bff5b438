// The roadside officer's records and the flags they raise, and the administrator's
// decisions on them: the words and the outcomes. The rules of the records and forms (zod)
// are in police.ts, so the police and QR screens need no zod until a form is sent.

export const CHECK_METHODS = ['manual', 'scan'] as const;
export type CheckMethod = (typeof CHECK_METHODS)[number];

export const PLATE_SUSPICIONS = ['Suspected fake', 'Suspected stolen'] as const;
export type PlateSuspicion = (typeof PLATE_SUSPICIONS)[number];

/** What an administrator may decide about a flag, and what it makes of the plate. */
export const FLAG_DECISIONS = ['revoke', 'stolen', 'dismiss'] as const;
export type FlagDecision = (typeof FLAG_DECISIONS)[number];
export const FLAG_STATUSES = ['Open', 'Revoked', 'Stolen', 'Dismissed'] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];

export const FLAG_SUBMITTED = 'Flag sent to the registry administrators.';
export const FLAG_NOTE_REQUIRED = 'Please describe what you saw';
export const FLAG_ALREADY_DECIDED = 'This flag has already been decided.';
export const FLAG_PLATE_NOT_REGISTERED =
  'This plate is not in the registry, so there is nothing to revoke: dismiss the flag, or report the fake plate to the police.';

export function flagStatusAfter(decision: FlagDecision): Exclude<FlagStatus, 'Open'> {
  return decision === 'revoke' ? 'Revoked' : decision === 'stolen' ? 'Stolen' : 'Dismissed';
}

/** The registry standing a decision gives the plate; null when the plate stays as it is. */
export function standingAfter(decision: FlagDecision): 'Revoked' | 'Stolen' | null {
  return decision === 'revoke' ? 'Revoked' : decision === 'stolen' ? 'Stolen' : null;
}
