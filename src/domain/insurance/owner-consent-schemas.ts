// The request bodies of insurance only with the owner (zod): an agent asking a plate's owner
// for consent, and an owner disputing a policy on their plate. The rules and words are in
// owner-consent.ts.
import { z } from 'zod';
import { plateNumberSchema } from '../plates/plate-number-schema';
import { MAX_DISPUTE_NOTE_LENGTH } from './owner-consent';

export const consentRequestSchema = z.object({
  customerId: z.uuid({ error: 'Choose a customer' }),
  plateNumber: plateNumberSchema,
});
export type ConsentRequestInput = z.output<typeof consentRequestSchema>;

export const policyDisputeSchema = z.object({
  note: z
    .string()
    .trim()
    .max(MAX_DISPUTE_NOTE_LENGTH, `What you know of it must be at most ${MAX_DISPUTE_NOTE_LENGTH} characters`)
    .default(''),
});
