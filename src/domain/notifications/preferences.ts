// Which news a person wants by email and by SMS. Notifications are grouped into a few topics a
// person recognises (their orders and payments, their plates, insurance, work for their role);
// each topic can be turned off per channel. Messages about the account itself (sign-in,
// password, email and phone changes) are security messages: they always go, by every channel.
// A notification in the dashboard is always kept: preferences choose messages, not news.
import { z } from 'zod';
import type { MessageChannelId } from '../messages/sent-message';

export const NOTIFICATION_TOPICS = [
  {
    id: 'orders',
    label: 'Orders, payments and refunds',
    hint: 'Payments received or declined, requests approved, plates ready to collect, refunds.',
  },
  {
    id: 'plates',
    label: 'My plates',
    hint: 'Registrations, renewal reminders, transfers, and a plate revoked or reported.',
  },
  { id: 'insurance', label: 'Insurance', hint: 'Policies, consent asked of you, claims and disputes.' },
  {
    id: 'work',
    label: 'Work for my role',
    hint: 'For plate shops, insurers, officers and administrators: alerts and tasks to act on.',
  },
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number]['id'];
const channels = z
  .object({
    email: z.boolean({ error: 'email must be true or false' }).optional(),
    sms: z.boolean({ error: 'sms must be true or false' }).optional(),
  })
  .strict();

/** What a person has chosen, per topic and channel: false turns it off; what is missing is wanted. */
export const notificationPreferencesSchema = z
  .object({
    orders: channels.optional(),
    plates: channels.optional(),
    insurance: channels.optional(),
    work: channels.optional(),
  } satisfies Record<NotificationTopic, unknown>)
  .strict();
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** A message about the account itself: its sign-up, password, email, phone or approval. Never turned off. */
export function isSecurityKind(kind: string): boolean {
  return kind.startsWith('account.') || kind === 'phone-changed';
}

const TOPIC_BY_PREFIX: ReadonlyArray<[RegExp, NotificationTopic]> = [
  [/^(payment|refund|reservation|request|order)-|^(purchase|paid|delivery|plate-ready|renewal-fee)$/, 'orders'],
  [/^(insurance|policy|claim)-|^insurance$/, 'insurance'],
  [/^(plate|renewal|transfer|registration|credential)-/, 'plates'],
];

/**
 * The topic a notification belongs to; 'work' for what a role's work brings (integrity alerts,
 * shop and serial problems, lookups to review) and for any kind not named above; null for a
 * security message, which has none.
 */
export function topicOfKind(kind: string): NotificationTopic | null {
  if (isSecurityKind(kind)) return null;
  return TOPIC_BY_PREFIX.find(([pattern]) => pattern.test(kind))?.[1] ?? 'work';
}

/** Whether a message of this kind goes to this person by this channel. */
export function wantsMessage(preferences: NotificationPreferences, kind: string, channel: MessageChannelId): boolean {
  const topic = topicOfKind(kind);
  if (topic === null) return true;
  return preferences[topic]?.[channel] !== false;
}
