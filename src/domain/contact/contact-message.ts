// The About & Contact message form: what a visitor sends and the reply they see.
import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_THANK_YOU } from './contact-reply';

export { CONTACT_LIMITS, CONTACT_THANK_YOU };

function requiredText(field: string, max: number) {
  const required = `${field} is required`;
  return z.string({ error: required }).trim().min(1, required).max(max, `${field} must be at most ${max} characters`);
}

export const contactMessageSchema = z.object({
  name: requiredText('Name', CONTACT_LIMITS.name),
  // The address is checked only once it is present, so a blank field says 'required', not 'invalid'.
  email: requiredText('Email', CONTACT_LIMITS.email).pipe(z.email('Please enter a valid email address')),
  subject: requiredText('Subject', CONTACT_LIMITS.subject),
  message: requiredText('Message', CONTACT_LIMITS.message),
});

export type ContactMessage = z.output<typeof contactMessageSchema>;
