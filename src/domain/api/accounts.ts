// The answers of the account routes the app reads: the signed-in user, a sign-up's answer, and
// the sentence a password or contact form is answered with.
import { notificationPreferencesSchema } from '../notifications/preferences';
import { z } from 'zod';
import type { TestMessage } from '../accounts/signup-confirmation';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  accountType: z.string(),
  userType: z.string(),
  status: z.string(),
  requestedRole: z.string().nullable(),
  businessName: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  /** A plate shop whose right to record the registry suspended: the reason. */
  recordingSuspended: z.string().nullable().optional(),
  roles: z.array(z.string()),
  lastActiveAt: z.string().nullable(),
  createdAt: z.string(),
});

/** Signing in, finishing a sign-up, and who is signed in. */
export const userResponse = z.object({ user: userSchema });
export type UserAnswer = z.infer<typeof userResponse>;

/** POST /api/auth/signup: the words to show, and in test mode the message "sent". */
export const signupAnswer = z.object({
  message: z.string(),
  testMessage: (
    z.object({ subject: z.string(), body: z.string(), link: z.string() }) satisfies z.ZodType<TestMessage>
  ).optional(),
});
export type SignupAnswer = z.infer<typeof signupAnswer>;

/** A request answered with a sentence to show (a reset link asked for, an email change confirmed or undone). */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** POST /api/auth/contact: what happens next, and the user as they now stand. */
export const contactChangeAnswer = z.object({ message: z.string(), user: userSchema });
export type ContactChangeAnswer = z.infer<typeof contactChangeAnswer>;

/** GET and PUT /api/me/notification-preferences: what the signed-in person has chosen to receive. */
export const notificationPreferencesAnswer = z.object({ preferences: notificationPreferencesSchema });
export type NotificationPreferencesAnswer = z.infer<typeof notificationPreferencesAnswer>;
