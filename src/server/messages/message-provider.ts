/**
 * What the server needs from an SMS or email provider (an SMS gateway, a mail service).
 * The provider only carries a message; what to send, to whom and when is decided by
 * notify() and the dispatcher, the same for every provider. docs/notifications.md says
 * how a real provider plugs in.
 */
import type { MessageChannel } from '../repositories/message-repository';
import type { CallerCheck, GatewayCaller } from '../ussd/gateway';

export interface OutgoingMessage {
  /**
   * The message's id in the outbox. Providers that accept an idempotency key get it, so a
   * send repeated after a crash (the provider took it, the server never heard) arrives once.
   */
  id: string;
  channel: MessageChannel;
  /** A +260 phone number for SMS, an address for email. */
  to: string;
  /** Email only. */
  subject?: string;
  /** The text: an SMS, or an email's text/plain part. */
  body: string;
  /**
   * Email only: the text/html part, the same words as `body` (email-body.ts). A provider sends
   * the two as one multipart/alternative message, so a mail program shows the one it can.
   */
  html?: string;
}

export interface MessageProvider {
  /** Stored with each message sent, so the record says who carried it. */
  readonly name: string;
  /** Resolves when the provider has taken the message; throws (any error) when it has not. */
  send(message: OutgoingMessage): Promise<{ providerRef: string }>;
  /**
   * Texts sent to the service's number, which the provider posts to POST /api/sms/inbound
   * (from, text, id): whether a post really comes from the provider. A provider that takes
   * no texts leaves it out (docs/ussd-and-sms.md).
   */
  readonly inbound?: { check(caller: GatewayCaller): CallerCheck };
}
