// The police officer's records: each roadside check (logged, online or offline) and
// the flags an officer raises on a suspect plate for an administrator to decide.
import { z } from 'zod';
import { plateNumberSchema } from '../plates/plate-number-schema';
import { VERIFICATION_VERDICTS } from '../statuses/statuses';

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
export const FLAG_PLATE_NOT_REGISTERED = 'This plate is not in the registry, so there is nothing to revoke: dismiss the flag, or report the fake plate to the police.';

const rowId = z.uuid({ error: 'id must be a UUID' });

/** A check's time, from the device clock: not accepted when it is more than a day ahead of `now`. */
const checkTime = (nowMs: number) =>
  z.iso
    .datetime({ offset: true, error: 'Checked at must be a date and time' })
    .refine((value) => Date.parse(value) <= nowMs + 24 * 3600 * 1000, 'Checked at cannot be in the future');

export function policeCheckSchema(nowMs: number) {
  return z.object({
    id: rowId,
    plateNumber: plateNumberSchema,
    verdict: z.enum(VERIFICATION_VERDICTS, { error: 'Unknown verdict' }),
    method: z.enum(CHECK_METHODS, { error: 'Unknown check method' }),
    offline: z.boolean({ error: 'offline must be true or false' }),
    checkedAt: checkTime(nowMs),
  });
}
export type PoliceCheck = z.output<ReturnType<typeof policeCheckSchema>>;

export const plateFlagSchema = z.object({
  id: rowId,
  plateNumber: plateNumberSchema,
  suspicion: z.enum(PLATE_SUSPICIONS, { error: 'Please choose what you suspect' }),
  note: z.string({ error: FLAG_NOTE_REQUIRED }).trim().min(1, FLAG_NOTE_REQUIRED).max(500, 'The note must be at most 500 characters'),
});
export type PlateFlagInput = z.input<typeof plateFlagSchema>;
export type PlateFlagPayload = z.output<typeof plateFlagSchema>;

export interface PlateFlag extends PlateFlagPayload {
  officerId: string;
  officerName: string;
  status: FlagStatus;
  decisionNote: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export const flagDecisionSchema = z.object({
  flagId: rowId,
  decision: z.enum(FLAG_DECISIONS, { error: 'Please choose a decision' }),
  note: z.string().trim().max(500, 'The note must be at most 500 characters').optional().default(''),
});
export type FlagDecisionPayload = z.output<typeof flagDecisionSchema>;

export function flagStatusAfter(decision: FlagDecision): Exclude<FlagStatus, 'Open'> {
  return decision === 'revoke' ? 'Revoked' : decision === 'stolen' ? 'Stolen' : 'Dismissed';
}

/** The registry standing a decision gives the plate; null when the plate stays as it is. */
export function standingAfter(decision: FlagDecision): 'Revoked' | 'Stolen' | null {
  return decision === 'revoke' ? 'Revoked' : decision === 'stolen' ? 'Stolen' : null;
}
