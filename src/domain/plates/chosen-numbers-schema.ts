// The numbers a buyer chose in the wizard, as the application sends them: each one a number
// that can be applied for, none twice, no more than the plates asked for.
import { z } from 'zod';
import { MAX_PLATES_PER_APPLICATION } from '../applications/plate-count';
import { parseRequestedNumber } from './number-choice';
import { DUPLICATE_CHOSEN_NUMBER, MAX_CHOSEN_NUMBERS_MESSAGE } from './requestable-number';
import type { PlateNumber } from './plate-number';

const chosenNumberSchema = z.string({ error: 'Each chosen number must be text' }).transform((raw, ctx): PlateNumber => {
  const result = parseRequestedNumber(raw);
  if (result.ok) return result.value;
  ctx.addIssue({ code: 'custom', message: result.error });
  return z.NEVER;
});

export const chosenNumbersSchema = z
  .array(chosenNumberSchema, { error: 'Chosen numbers must be a list' })
  .max(MAX_PLATES_PER_APPLICATION, MAX_CHOSEN_NUMBERS_MESSAGE)
  .refine((numbers) => new Set(numbers).size === numbers.length, DUPLICATE_CHOSEN_NUMBER)
  .describe('Numbers the buyer chose (ZM-500-MWB, ZM-BWALYA); plates beyond them get numbers at approval');
