// Handing a registered plate to another person: the rules (zod) of the forms that start
// and accept a transfer. The rest is in transfer-steps.ts.
import { z } from 'zod';
import { normalisePhone } from '../validation/identity-checks';
import { nrcSchema } from '../validation/identity';
import { CONTACT_MESSAGE, type TransferContact } from './transfer-steps';

export * from './transfer-steps';

const emailShape = z.email();

/** An email (lower-cased) or a Zambian phone number (in +260 form); null for anything else. */
export function parseTransferContact(input: string): TransferContact | null {
  const text = input.trim();
  if (text.includes('@'))
    return emailShape.safeParse(text).success ? { kind: 'email', value: text.toLowerCase() } : null;
  const phone = normalisePhone(text);
  return phone === null ? null : { kind: 'phone', value: phone };
}

/** Starting a transfer: who the plate goes to. */
export const transferStartSchema = z.object({
  toContact: z
    .string({ error: CONTACT_MESSAGE })
    .trim()
    .min(1, CONTACT_MESSAGE)
    .max(254, CONTACT_MESSAGE)
    .transform((value, ctx) => {
      const contact = parseTransferContact(value);
      if (contact === null) {
        ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGE });
        return z.NEVER;
      }
      return contact;
    }),
});
export type TransferStartInput = z.input<typeof transferStartSchema>;

/** Accepting a transfer: the new owner's name and NRC number as on their identity document. */
export const transferAcceptanceSchema = z.object({
  ownerName: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be at most 100 characters'),
  ownerNrc: nrcSchema('NRC number'),
});
export type TransferAcceptanceInput = z.input<typeof transferAcceptanceSchema>;
export type TransferAcceptance = z.output<typeof transferAcceptanceSchema>;
