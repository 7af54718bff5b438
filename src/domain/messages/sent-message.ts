// An SMS or email to a user as the administrator's Sent messages list shows it: what the
// server answers (GET /api/admin/messages) and what the app reads, one shape for both.
import { z } from 'zod';

export const MESSAGE_CHANNELS = ['sms', 'email'] as const;
export type MessageChannelId = (typeof MESSAGE_CHANNELS)[number];

/** queued: waiting for its first try or a retry; sent: the provider took it; failed: given up. */
export const MESSAGE_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MessageStatusId = (typeof MESSAGE_STATUSES)[number];

export const sentMessageSchema = z.object({
  id: z.string(),
  kind: z.string().describe("What it is about: 'payment-received', 'plate-ready'…"),
  channel: z.enum(MESSAGE_CHANNELS),
  to: z.string().describe('A +260 phone number, or an email address'),
  subject: z.string().nullable().describe('Email only'),
  body: z.string().describe('The text as the provider is given it'),
  html: z
    .string()
    .nullable()
    .optional()
    .describe(
      "An email's HTML part, the same words as body; null for an SMS (absent from copies kept before emails had one)",
    ),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  error: z.string().nullable().describe('Why the last try failed; null once sent'),
  provider: z.string().nullable(),
  providerRef: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable().describe('When a message queued after a failed try is tried again'),
  sentAt: z.string().nullable(),
  inReplyTo: z
    .object({ from: z.string(), body: z.string(), receivedAt: z.string() })
    .nullable()
    .optional()
    .describe("An SMS answering a text sent to the service's number: that text"),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const sentMessagesPageSchema = z.object({
  messages: z.array(sentMessageSchema).describe('Newest first'),
  total: z.number().int().describe('Every message recorded'),
  nextBefore: z.string().nullable().describe('Pass as before= for the next (older) page; null on the last page'),
});
export type SentMessagesPage = z.infer<typeof sentMessagesPageSchema>;

/** How many messages a page holds unless the caller asks for another number. */
export const SENT_MESSAGES_PAGE_SIZE = 50;
export const MAX_SENT_MESSAGES_PAGE_SIZE = 200;

export const sentMessagesQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'before must be a message id')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_SENT_MESSAGES_PAGE_SIZE, `limit must be at most ${MAX_SENT_MESSAGES_PAGE_SIZE}`)
    .default(SENT_MESSAGES_PAGE_SIZE),
});
