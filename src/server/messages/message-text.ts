/**
 * What a notification says by SMS and by email. The text is stored when the message is
 * queued; the link is stored as a path and made an address on this server only when
 * sent, so the outbox does not depend on where the server is published.
 */
import { EMAIL_CHANGE_CONFIRM_KIND, EMAIL_CHANGE_UNDO_KIND } from '#domain/accounts/contact-change';
import { ACCOUNT_INVITATION_KIND, PASSWORD_RESET_KIND } from '#domain/accounts/password-reset';
import { SIGNUP_CONFIRM_KIND, SIGNUP_EXISTING_KIND } from '#domain/accounts/signup-confirmation';
import { normalisePhone } from '#domain/accounts/profile';
import { TRANSFER_INVITATION_KIND } from '#domain/plates/transfer';
import type { MessageChannel, NewMessage } from '../repositories/message-repository';

export interface Recipient {
  /** Null for an email with no account yet. */
  id: string | null;
  /** Null when nobody has confirmed it: a name typed by a stranger never reaches an inbox. */
  name: string | null;
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
 * The longest SMS, its link included: two segments of the plain GSM alphabet (153 characters
 * each, as a message of more than one segment carries a header in each). Most notices fit in
 * one (160); none is sent in three.
 */
export const SMS_MAX_CHARACTERS = 306;

/** Typography the plain SMS alphabet lacks, and what it becomes (one character outside it sends the whole text in a third as many characters a segment). */
const PLAIN: ReadonlyArray<[RegExp, string]> = [
  [/[‘’‚′]/g, "'"],
  [/[“”„″]/g, '"'],
  [/[–—−]/g, '-'],
  [/…/g, '...'],
  [/[\u00a0\u2000-\u200b\u202f]/g, ' '],
  [/×/g, 'x'],
];

/** `text` cut at a word to at most `limit` characters, '...' marking the cut. */
function cutAtWord(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, Math.max(0, limit - 3));
  const space = cut.lastIndexOf(' ');
  return `${space > limit / 2 ? cut.slice(0, space) : cut}...`;
}

/**
 * A notice as an SMS: "Nambala: <title>. <body>" on one line in plain characters, cut at a word
 * to at most SMS_MAX_CHARACTERS (the link, when there is one, follows it when sent, and the
 * text is cut further then if the two would not fit: textToSend).
 */
export function smsText(title: string, body: string): string {
  let text = `Nambala: ${asSentence(title)} ${body}`;
  for (const [pattern, plain] of PLAIN) text = text.replace(pattern, plain);
  return cutAtWord(text.replace(/\s+/g, ' ').trim(), SMS_MAX_CHARACTERS);
}

/**
 * One message per channel the user can receive: email always (every account has an
 * address), SMS when the account has a phone number that is a Zambian mobile number.
 */
export function messagesFor(recipient: Recipient, notice: NoticeText): NewMessage[] {
  const link = notice.link ?? null;
  const messages: NewMessage[] = [
    {
      userId: recipient.id,
      kind: notice.kind,
      channel: 'email',
      recipient: recipient.email,
      subject: notice.title,
      body: `${recipient.name === null ? 'Hello' : `Hello ${recipient.name}`},\n\n${notice.body}`,
      link,
    },
  ];
  const phone = recipient.phone === null ? null : normalisePhone(recipient.phone);
  if (phone)
    messages.push({
      userId: recipient.id,
      kind: notice.kind,
      channel: 'sms',
      recipient: phone,
      subject: null,
      body: smsText(notice.title, notice.body),
      link,
    });
  return messages;
}

/** The text the provider is given: the stored body and, when there is one, the link on this server. */
export function textToSend(
  message: { kind: string; channel: MessageChannel; body: string; link: string | null },
  publicOrigin: string,
): string {
  if (!message.link) return message.body;
  const address = `${publicOrigin}${message.link}`;
  if (message.channel === 'sms')
    return `${cutAtWord(message.body, SMS_MAX_CHARACTERS - address.length - 1)} ${address}`;
  const link = emailLink(message, publicOrigin);
  return link ? `${message.body}\n\n${link.lead}: ${link.address}` : message.body;
}

/** The line an email ends with when it has a link: what the link is for, and its address on this server. */
export function emailLink(
  message: { kind: string; link: string | null },
  publicOrigin: string,
): { lead: string; address: string } | null {
  if (!message.link) return null;
  return { lead: LEADS[message.kind] ?? DEFAULT_LEAD, address: `${publicOrigin}${message.link}` };
}

const DEFAULT_LEAD = 'See it in your Nambala dashboard';

const LEADS: Readonly<Record<string, string>> = {
  [PASSWORD_RESET_KIND]: 'Choose your new password here',
  [ACCOUNT_INVITATION_KIND]: 'Choose your password here',
  [SIGNUP_CONFIRM_KIND]: 'Finish creating your account here',
  [SIGNUP_EXISTING_KIND]: 'Log in here',
  [TRANSFER_INVITATION_KIND]: 'Accept or decline it here',
  [EMAIL_CHANGE_CONFIRM_KIND]: 'Confirm your new email here',
  [EMAIL_CHANGE_UNDO_KIND]: 'Undo the change here',
};

/** The kinds whose email names its link in words of its own; any other says DEFAULT_LEAD. */
export const EMAIL_LINK_KINDS: readonly string[] = Object.keys(LEADS);

/** Kinds whose link is a key: to an account (a reset or an invitation), to making one (a sign-up), or to a plate offered (a transfer invitation). */
const SECRET_LINK_KINDS: ReadonlySet<string> = new Set([
  PASSWORD_RESET_KIND,
  ACCOUNT_INVITATION_KIND,
  SIGNUP_CONFIRM_KIND,
  TRANSFER_INVITATION_KIND,
  EMAIL_CHANGE_CONFIRM_KIND,
  EMAIL_CHANGE_UNDO_KIND,
]);

/**
 * A message as an administrator may read it: a reset link is a key to its recipient's
 * account (and a sign-up link to making one), so its token is shown only while messages go to the sandbox, where reading
 * them in this view is the only way to follow them.
 */
export function textToShow(
  message: { kind: string; channel: MessageChannel; body: string; link: string | null },
  publicOrigin: string,
  showsSecrets: boolean,
): string {
  return textToSend(shownMessage(message, showsSecrets), publicOrigin);
}

/** The message with the key in its link hidden, unless an administrator may see it (textToShow). */
export function shownMessage<Message extends { kind: string; link: string | null }>(
  message: Message,
  showsSecrets: boolean,
): Message {
  if (showsSecrets || !SECRET_LINK_KINDS.has(message.kind) || !message.link) return message;
  return { ...message, link: message.link.replace(/(token|invitation)=[^&]*/, '$1=(hidden)') };
}
