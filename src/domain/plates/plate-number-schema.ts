// The plate number as a zod schema for forms and request bodies. Kept apart from
// plate-number.ts so that screens needing only the pure rules do not load zod.
import { z } from 'zod';
import { PLATE_NUMBER_REQUIRED, type PlateNumber, parsePlateNumber } from './plate-number';

/** A plate number as a form or request field; yields the branded, normalised number. */
export const plateNumberSchema = z.string({ error: PLATE_NUMBER_REQUIRED }).transform((raw, ctx): PlateNumber => {
  const result = parsePlateNumber(raw);
  if (result.ok) return result.value;
  ctx.addIssue({ code: 'custom', message: result.error });
  return z.NEVER;
});

/** The verification and availability-check entry: one plate number field. */
export const plateNumberEntrySchema = z.object({ plateNumber: plateNumberSchema });
export type PlateNumberEntry = z.output<typeof plateNumberEntrySchema>;
