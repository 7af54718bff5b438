// Insurance claims: the rules (zod) of a claim as the agent records it, of a rejection's
// reason and of a step asked of the server. The rest is in claim-steps.ts.
import { z } from 'zod';
import { isCalendarDate } from '../validation/calendar-date';
import { type Ngwee, ngwee } from '../money/money';
import { parsePlateNumber } from '../plates/plate-number';
import {
  type ClaimPhotoInput,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_SIDE,
  MAX_PHOTOS_PER_CLAIM,
  photoLimitMessage,
  REJECT_REASON_REQUIRED,
} from './claim-steps';
import { CLAIM_PAYMENT_METHODS, claimAmountProblem, MAX_PAYMENT_REFERENCE_LENGTH } from './claim-amounts';

export * from './claim-steps';
export * from './claim-amounts';

/** An amount as requests carry it: a whole number of ngwee, checked by claimAmountProblem. */
const amountSchema = (kind: 'claimed' | 'assessed' | 'approved' | 'paid') =>
  z
    .number({ error: `${kind === 'claimed' ? 'The amount claimed' : `The ${kind} amount`} must be a number of ngwee` })
    .superRefine((amount, ctx) => {
      const problem = claimAmountProblem(kind, amount);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const claimPhotoSchema = z.object({
  sha256: z
    .string({ error: 'A photo needs its fingerprint' })
    .regex(/^[0-9a-f]{64}$/, 'A photo fingerprint is 64 hexadecimal characters'),
  size: z
    .number({ error: 'A photo needs its size' })
    .int()
    .min(1, 'A photo is not empty')
    .max(MAX_PHOTO_BYTES, 'A photo must be at most 1 MB after resizing'),
  width: z.number().int().min(1).max(MAX_PHOTO_SIDE, `A photo is at most ${MAX_PHOTO_SIDE} pixels on its longest side`),
  height: z
    .number()
    .int()
    .min(1)
    .max(MAX_PHOTO_SIDE, `A photo is at most ${MAX_PHOTO_SIDE} pixels on its longest side`),
}) satisfies z.ZodType<ClaimPhotoInput>;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * The other party's plate: optional, but a valid plate number when given (normalised, like
 * ZM-123-ABC). Null is taken too: a checked claim (null for none) is what the device sends.
 */
const otherPartyPlateSchema = z
  .string({ error: 'Enter the plate as text, like ZM-123-ABC' })
  .trim()
  .nullish()
  .transform((raw, ctx): string | null => {
    if (raw === undefined || raw === null || raw === '') return null;
    const result = parsePlateNumber(raw);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  });

/** A claim as the agent records it; the dates against the policy and today are checked by claimDateProblem. */
export const claimInputSchema = z
  .object({
    id: z.uuid({ error: 'id must be a UUID' }),
    policyId: z.string({ error: 'Choose the policy' }).trim().min(1, 'Choose the policy').max(64, 'Choose the policy'),
    incidentDate: z
      .string({ error: 'Incident date is required' })
      .trim()
      .min(1, 'Incident date is required')
      .refine(isCalendarDate, 'Incident date must be a date'),
    incidentPlace: text('Place of the incident', 200),
    description: text('Description', 2000),
    otherPartyPlate: otherPartyPlateSchema,
    photos: z.array(claimPhotoSchema).max(MAX_PHOTOS_PER_CLAIM, photoLimitMessage).default([]),
    /** In ngwee; may wait (null) until the holder has a quote, but a claim is approved only once it is known. */
    claimedAmount: amountSchema('claimed')
      .nullish()
      .transform((amount): Ngwee | null => (amount === null || amount === undefined ? null : ngwee(amount))),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    for (const photo of input.photos) {
      if (seen.has(photo.sha256))
        ctx.addIssue({ code: 'custom', path: ['photos'], message: 'The same photo is listed twice' });
      seen.add(photo.sha256);
    }
  });
export type ClaimInput = z.output<typeof claimInputSchema>;
export type ClaimFormValues = Pick<
  z.input<typeof claimInputSchema>,
  'policyId' | 'incidentDate' | 'incidentPlace' | 'description'
> & { otherPartyPlate: string; /** Kwacha as typed ("12500.50"); sent as ngwee. */ claimedAmount: string };

export const rejectClaimSchema = z.object({
  reason: z
    .string({ error: REJECT_REASON_REQUIRED })
    .trim()
    .min(1, REJECT_REASON_REQUIRED)
    .max(500, 'The reason must be at most 500 characters'),
});

/** A step asked of the server: the step, and the reason when it is a rejection. */
export const claimStepSchema = z.discriminatedUnion(
  'step',
  [
    z.object({ step: z.literal('assess') }),
    z.object({ step: z.literal('assessment'), assessedAmount: amountSchema('assessed') }),
    z.object({ step: z.literal('approve'), approvedAmount: amountSchema('approved') }),
    z.object({ step: z.literal('reject'), reason: rejectClaimSchema.shape.reason }),
    z.object({
      step: z.literal('pay'),
      paidAmount: amountSchema('paid'),
      paymentMethod: z.enum(CLAIM_PAYMENT_METHODS, {
        error: `Choose how it was paid: ${CLAIM_PAYMENT_METHODS.join(', ')}`,
      }),
      paymentReference: z
        .string({ error: 'The payment reference is required' })
        .trim()
        .min(1, 'The payment reference is required')
        .max(
          MAX_PAYMENT_REFERENCE_LENGTH,
          `The payment reference must be at most ${MAX_PAYMENT_REFERENCE_LENGTH} characters`,
        ),
      paidOn: z
        .string({ error: 'The payment date is required' })
        .trim()
        .refine(isCalendarDate, 'The payment date must be a date'),
    }),
  ],
  { error: 'Choose a step: assess, assessment, approve, reject or pay' },
);
export type ClaimStepRequest = z.output<typeof claimStepSchema>;
