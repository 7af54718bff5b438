// The roadside officer's records (checks and flags) and the administrator's decisions:
// their rules (zod). The words and outcomes are in flags.ts.
import { z } from 'zod';
import { plateNumberSchema } from '../plates/plate-number-schema';
import { VERIFICATION_VERDICTS } from '../statuses/statuses';
import { CHECK_METHODS, FLAG_DECISIONS, FLAG_NOTE_REQUIRED, type FlagStatus, PLATE_SUSPICIONS } from './flags';

export * from './flags';

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
  note: z
    .string({ error: FLAG_NOTE_REQUIRED })
    .trim()
    .min(1, FLAG_NOTE_REQUIRED)
    .max(500, 'The note must be at most 500 characters'),
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
