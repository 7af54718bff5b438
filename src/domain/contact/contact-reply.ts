// The About & Contact form's limits and the reply a visitor sees, apart from the form's
// rules (zod, contact-message.ts) so the page can show them before those rules load.
export const CONTACT_THANK_YOU = "Thank you for your message! We'll get back to you soon.";

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;
