// Insurance policies: the rules (zod) of the forms an agent fills in, the term and premium
// of a new policy, a renewal's premium and a cancellation's reason. The rest is in
// policy-terms.ts.
import { z } from 'zod';
import { isCalendarDate } from '../validation/calendar-date';
import { type Ngwee, ngwee } from '../money/money';
import { plateNumberSchema } from '../plates/plate-number-schema';
import { MAX_PREMIUM_NGWEE, POLICY_TYPES, termProblem } from './policy-terms';

export * from './policy-terms';

const dateField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isCalendarDate, `${label} must be a date`);

/** A premium typed in kwacha ("1500", "1,500.50", "K1500"), as ngwee. */
export const premiumSchema = z
  .string({ error: 'Premium is required' })
  .trim()
  .min(1, 'Premium is required')
  .transform((value, ctx): Ngwee => {
    const text = value.replace(/^(K|ZMW)\s*/i, '').replace(/,/g, '');
    const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'Premium must be an amount in kwacha, such as 1500 or 1500.50' });
      return z.NEVER;
    }
    const amount = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    if (amount <= 0) {
      ctx.addIssue({ code: 'custom', message: 'Premium must be more than K0.00' });
      return z.NEVER;
    }
    if (amount > MAX_PREMIUM_NGWEE) {
      ctx.addIssue({ code: 'custom', message: 'Premium must be at most K1,000,000.00' });
      return z.NEVER;
    }
    return ngwee(amount);
  });

/** Issuing a policy: who, which plate, which cover, when and for how much. */
export const policyInputSchema = z
  .object({
    customerId: z.uuid({ error: 'Choose a customer' }),
    plateNumber: plateNumberSchema,
    type: z.enum(POLICY_TYPES, { error: 'Choose Third Party or Comprehensive' }),
    startDate: dateField('Start date'),
    endDate: dateField('End date'),
    premium: premiumSchema,
  })
  .superRefine((input, ctx) => {
    const problem = termProblem(input.startDate, input.endDate);
    if (problem) ctx.addIssue({ code: 'custom', path: ['endDate'], message: problem });
  });
export type PolicyInput = z.output<typeof policyInputSchema>;
export type PolicyFormValues = z.input<typeof policyInputSchema>;

export const renewPolicySchema = z.object({ premium: premiumSchema });
export const cancelPolicySchema = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(200, 'Reason must be at most 200 characters'),
});
