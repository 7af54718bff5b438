// An insurance agent's customer: the rules (zod) of the customer form. The rest is in
// customer-records.ts.
import { z } from 'zod';
import { nrcSchema, phoneNumberSchema } from '../validation/identity';
import type { CustomerFormValues } from './customer-records';

export * from './customer-records';

export const customerInputSchema = z.object({
  id: z.uuid({ error: 'id must be a UUID' }),
  name: z
    .string({ error: 'Full Name is required' })
    .trim()
    .min(1, 'Full Name is required')
    .max(100, 'Full Name must be at most 100 characters'),
  nrc: nrcSchema('NRC number'),
  phone: phoneNumberSchema('Phone number'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Please enter a valid email address')),
}) satisfies z.ZodType<unknown, CustomerFormValues & { id: string }>;
export type CustomerInput = z.output<typeof customerInputSchema>;
