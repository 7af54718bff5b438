// An insurance agent's customer (a policy holder): the person as the agent records them,
// and the vehicles the registry holds in their name. A customer may be someone with a
// Nambala account (linked on the server by email or phone) or someone the agent adds.
// The form's rules (zod) are in customer.ts, so the insurance screens need no zod.

export const CUSTOMER_SAVED = 'Customer saved';
export const CUSTOMER_NOT_YOURS = 'This customer is not in your list.';
/** Customers an insurer may add, or give a new email or phone, in an hour: each may ask an account holder to link. */
export const CUSTOMER_CONTACT_LIMIT = { max: 60, windowMs: 60 * 60_000 } as const;
export const tooManyCustomerContacts = (minutes: number) =>
  `You have added or changed the contact details of ${CUSTOMER_CONTACT_LIMIT.max} customers in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}: nothing was saved.`;

export const customerNrcTakenMessage = (nrc: string) => `A customer with NRC ${nrc} is already in your list.`;

/** The customer form's fields, as typed. */
export interface CustomerFormValues {
  name: string;
  nrc: string;
  phone: string;
  email: string;
}
export const EMPTY_CUSTOMER_FORM: CustomerFormValues = { name: '', nrc: '', phone: '', email: '' };

/** A vehicle registered in the customer's name or to their account, as the registry holds it. */
export interface CustomerVehicle {
  plateNumber: string;
  make: string;
  model: string;
  colour: string;
  year: number;
  expiryDate: string;
  standing: 'Valid' | 'Revoked' | 'Stolen';
}

export interface InsuranceCustomer {
  id: string;
  agentId: string;
  /** The Nambala account with this email or phone, when there is one. */
  accountId: string | null;
  name: string;
  nrc: string;
  phone: string;
  email: string;
  /** From the registry when the customer or one of their policies was last saved. */
  vehicles: CustomerVehicle[];
  createdAt: string;
  updatedAt: string;
}

/** Whether a customer matches a search: name, NRC, phone, email or one of their plates. */
export function customerMatches(
  customer: Pick<InsuranceCustomer, 'name' | 'nrc' | 'phone' | 'email' | 'vehicles'>,
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  const compact = needle.replace(/[\s-]/g, '');
  return (
    customer.name.toLowerCase().includes(needle) ||
    customer.nrc.includes(needle) ||
    customer.phone.includes(compact) ||
    customer.email.includes(needle) ||
    customer.vehicles.some((vehicle) => vehicle.plateNumber.toLowerCase().replace(/-/g, '').includes(compact))
  );
}
