// The signed-in user's own profile and password forms (issue: Settings page).
import { z } from 'zod';
import { formatPhone, normalisePhone, optionalPhoneField, PHONE_MESSAGE } from '../validation/identity';
import { MIN_PASSWORD_LENGTH, PASSWORDS_DO_NOT_MATCH } from './signup';

// The one phone rule lives with the other identity rules; re-exported for this module's users.
export { formatPhone, normalisePhone, optionalPhoneField, PHONE_MESSAGE };

export const profileSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Please enter a valid email address')),
  phone: optionalPhoneField,
});
export type Profile = z.output<typeof profileSchema>;
export type ProfileInput = z.input<typeof profileSchema>;

/** A new password and its confirmation: the fields, and the rule that they match. */
export const newPasswordFields = {
  newPassword: z
    .string({ error: 'New password is required' })
    .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200, 'Password must be at most 200 characters'),
  confirmPassword: z.string({ error: PASSWORDS_DO_NOT_MATCH }),
};

/** Adds "Passwords do not match" to a form with `newPasswordFields`, even when other fields fail. */
export function withConfirmedPassword<Shape extends typeof newPasswordFields>(schema: z.ZodObject<Shape>) {
  return schema.superRefine(
    (form, ctx) => {
      const raw: Record<string, unknown> = form;
      if (typeof raw.newPassword === 'string' && raw.newPassword !== raw.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

export const passwordChangeSchema = withConfirmedPassword(
  z.object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200, 'Password must be at most 200 characters'),
    ...newPasswordFields,
  }),
);
export type PasswordChange = z.output<typeof passwordChangeSchema>;
