// Whose a plate bought in the marketplace will be: the full name and NRC number the buyer
// gives at Buy Now, taken by the same rules and words as the application wizard's step 1.
// The registry holds the number for this identity, and the plate shop registers it only to
// this NRC (docs/payments.md). A reservation asks nothing: its later purchase does.
import { z } from 'zod';
import { isSameNrc } from '../validation/identity-checks';
import { nrcSchema, personNameSchema } from '../validation/identity';

export const checkoutOwnerSchema = z.object({
  ownerName: personNameSchema('Full name'),
  ownerNrc: nrcSchema('NRC number'),
});
export type CheckoutOwnerInput = z.input<typeof checkoutOwnerSchema>;

/** The owner as a checkout keeps it. */
export interface CheckoutOwner {
  name: string;
  nrc: string;
}

/** Whether two checkouts name the same person: the same name, and the same NRC however it is punctuated. */
export function isSameOwner(a: CheckoutOwner, b: CheckoutOwner): boolean {
  return a.name === b.name && isSameNrc(a.nrc, b.nrc);
}
