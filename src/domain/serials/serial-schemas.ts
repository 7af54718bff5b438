// The forms' and payloads' rules (zod) for blank serials: a serial typed on the manufacturing
// form, a spoiled blank, and a delivery's range on the administrator's allocation form.
import { z } from 'zod';
import { formatBlankSerial, parseBlankSerial } from './blank-serial';
import { DATE_IN_FUTURE, EARLIEST_RECORD_DATE } from '../agent/agent-records';
import { isCalendarDate } from '../validation/calendar-date';

/** A serial as typed, given back in its stamped form (ZB-0001234). */
export const blankSerialSchema = (label: string) =>
  z.string({ error: `${label} is required` }).transform((text, context) => {
    const parsed = parseBlankSerial(text, label);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return formatBlankSerial(parsed.value);
  });

/** A serial in its stamped form as a number (the schema above has checked it). */
export function serialNumber(serial: string): number {
  const parsed = parseBlankSerial(serial);
  if (!parsed.ok) throw new Error(`not a blank serial: ${serial}`);
  return parsed.value;
}

export const SAME_SERIAL_TWICE = 'The rear blank must have its own serial: a plate’s front and rear are two blanks.';
export const SPOILED_BLANK_SUBMITTED = 'Spoiled blank recorded';
export const SPOILED_REASON_REQUIRED = 'Please say why the blank was spoiled';

/** The front and rear serials a manufacturing record names: two different blanks. */
export const plateSerialsShape = {
  frontSerial: blankSerialSchema('Front blank serial'),
  rearSerial: blankSerialSchema('Rear blank serial'),
};

/** A blank the shop spoiled (misprinted, bent, damaged in delivery), recorded with its reason. */
export function spoiledBlankSchema(today: string) {
  return z.object({
    id: z.uuid({ error: 'id must be a UUID' }),
    serial: blankSerialSchema('Blank serial'),
    reason: z
      .string({ error: SPOILED_REASON_REQUIRED })
      .trim()
      .min(1, SPOILED_REASON_REQUIRED)
      // Control characters are refused for every intent's payload by the push (src/server/sync/intent-registry.ts).
      .max(200, 'The reason must be at most 200 characters'),
    spoiledDate: z
      .string({ error: 'Date spoiled is required' })
      .trim()
      .min(1, 'Date spoiled is required')
      .refine(isCalendarDate, 'Date spoiled must be a date')
      .refine(
        (value) => value >= EARLIEST_RECORD_DATE,
        `Date spoiled must be in ${EARLIEST_RECORD_DATE.slice(0, 4)} or later`,
      )
      .refine((value) => value <= today, DATE_IN_FUTURE),
  });
}
export type SpoiledBlankInput = z.input<ReturnType<typeof spoiledBlankSchema>>;
export type SpoiledBlank = z.output<ReturnType<typeof spoiledBlankSchema>>;

/** A spoiled blank as the shop's devices keep it. */
export interface StoredSpoiledBlank extends SpoiledBlank {
  recordedAt: string;
}
