// The administrator's User Management: the rules (zod) of the add, edit and delete
// forms. The rest is in user-list.ts.
import { z } from 'zod';
import { USER_STATUSES, USER_TYPES } from '../statuses/statuses';
import type { UserDetailsInput } from './user-list';

export * from './user-list';

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'));

export const userDetailsSchema = z.object({
  name: requiredText('Name', 100),
  email: emailField,
  userType: z.enum(USER_TYPES, { error: 'Please choose a user type' }),
  status: z.enum(USER_STATUSES, { error: 'Please choose a status' }),
}) satisfies z.ZodType<unknown, UserDetailsInput>;
export type UserDetails = z.output<typeof userDetailsSchema>;

/**
 * An administrator adding a user gives their details only: the new user is sent an invitation
 * link and chooses their own password (decision 054), so no password is ever shown or handed over.
 */
export const addUserSchema = userDetailsSchema.extend({
  id: z.uuid({ error: 'id must be a UUID' }),
});
export type AddUser = z.output<typeof addUserSchema>;

export const editUserSchema = userDetailsSchema.extend({
  id: requiredText('User ID', 40),
});
export type EditUser = z.output<typeof editUserSchema>;

export const deleteUserSchema = z.object({ id: requiredText('User ID', 40) });
