/**
 * What a notification says by SMS and by email. The text is stored when the message is
 * queued; the link is stored as a path and made an address on this server only when
 * sent, so the outbox does not depend on where the server is published.
 */
import { normalisePhone } from '#domain/accounts/profile';
import type { MessageChannel, NewMessage } from '../repositories/message-repository';

export interface Recipient {
  id: string;
  name: string;
  email: string;
  phone: string | null;
}

export interface NoticeText {
  kind: string;
  title: string;
  body: string;
  link?: string | null;
}

const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * One message per channel the user can receive: email always (every account has an
 * address), SMS when the account has a phone number that is a Zambian mobile number.
 */
export function messagesFor(recipient: Recipient, notice: NoticeText): NewMessage[] {
  const link = notice.link ?? null;
  const messages: NewMessage[] = [
    { userId: recipient.id, kind: notice.kind, channel: 'email', recipient: recipient.email, subject: notice.title, body: `Hello ${recipient.name},\n\n${notice.body}`, link },
  ];
  const phone = recipient.phone === null ? null : normalisePhone(recipient.phone);
  if (phone) messages.push({ userId: recipient.id, kind: notice.kind, channel: 'sms', recipient: phone, subject: null, body: `Nambala: ${asSentence(notice.title)} ${notice.body}`, link });
  return messages;
}

/** The text the provider is given: the stored body and, when there is one, the link on this server. */
export function textToSend(message: { channel: MessageChannel; body: string; link: string | null }, publicOrigin: string): string {
  if (!message.link) return message.body;
  const address = `${publicOrigin}${message.link}`;
  return message.channel === 'email' ? `${message.body}\n\nSee it in your Nambala dashboard: ${address}` : `${message.body} ${address}`;
}
