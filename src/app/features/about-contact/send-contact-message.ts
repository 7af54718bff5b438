/**
 * Sends a contact message through the one write path: the message and its outbox entry
 * are saved on the device first, then a sync is asked for, and the outbox entry tells us
 * how it went. The form never loses a message it has let go of: if the server cannot be
 * reached, the entry waits on the device and the sync engine sends it later.
 */
import type { ContactMessage } from '#domain/contact/contact-message';
import { db, type NambalaDatabase } from '../../store/database';
import { newId } from '../../store/new-id';
import { discardRejected, submitChange, type SubmitDependencies } from '../../sync/submit-change';

export type ContactField = keyof ContactMessage;

export type SendContactOutcome =
  /** The server has the message. */
  | { status: 'sent'; entryId: string }
  /** Saved on this device; the sync engine sends it when the server can be reached. */
  | { status: 'queued'; entryId: string }
  /** The server refused it; the entry stays on the device, marked rejected, until replaced or discarded. */
  | { status: 'rejected'; entryId: string; reason: string; fields: Partial<Record<ContactField, string>> };

export interface SendContactDependencies extends SubmitDependencies {
  now: () => number;
  newId: () => string;
}

const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'subject', 'message'];

function contactFieldMessages(fields: Record<string, string> | undefined): Partial<Record<ContactField, string>> {
  const messages: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const message = fields?.[field];
    if (message) messages[field] = message;
  }
  return messages;
}

/**
 * Removes a refused message and its outbox entry. The form calls this when the user sends
 * the corrected message again, so the old refusal does not linger in "Needs attention".
 */
export function discardRejectedContactMessage(entryId: string, database: NambalaDatabase = db): Promise<void> {
  return discardRejected(entryId, database);
}

export async function sendContactMessage(
  message: ContactMessage,
  dependencies: Partial<SendContactDependencies> = {},
): Promise<SendContactOutcome> {
  const { now = Date.now, newId: makeId = newId, ...submit } = dependencies;
  // The id is the message's own: the server stores a re-sent message once.
  const id = makeId();
  const outcome = await submitChange(
    {
      intent: 'sendContactMessage',
      table: 'contactMessages',
      row: { id, ...message, createdAt: now(), syncState: 'pending' as const },
      payload: { id, ...message },
    },
    submit,
  );
  return outcome.status === 'rejected' ? { ...outcome, fields: contactFieldMessages(outcome.fields) } : outcome;
}
