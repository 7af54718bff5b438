/**
 * Sends a contact message through the one write path: the message and its outbox entry
 * are saved on the device first, then a sync is asked for, and the outbox entry tells us
 * how it went. The form never loses a message it has let go of: if the server cannot be
 * reached, the entry waits on the device and the sync engine sends it later.
 */
import type { ContactMessage } from '#domain/contact/contact-message';
import { db, type NambalaDatabase } from '../../store/database';
import { mutate, newId } from '../../store/mutate';
import { syncNow } from '../../sync/sync-engine';
import type { PushSummary } from '../../sync/push';

export const SAVED_ON_DEVICE = "Saved on this device — it will be sent when you're back online.";

export type ContactField = keyof ContactMessage;

export type SendContactOutcome =
  /** The server has the message. */
  | { status: 'sent'; entryId: string }
  /** Saved on this device; the sync engine sends it when the server can be reached. */
  | { status: 'queued'; entryId: string }
  /** The server refused it; the entry stays on the device, marked rejected, until replaced or discarded. */
  | { status: 'rejected'; entryId: string; reason: string; fields: Partial<Record<ContactField, string>> };

export interface SendContactDependencies {
  database: NambalaDatabase;
  sync: () => Promise<PushSummary | undefined>;
  now: () => number;
  newId: () => string;
}

const defaults: SendContactDependencies = { database: db, sync: syncNow, now: Date.now, newId };

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
export async function discardRejectedContactMessage(entryId: string, database: NambalaDatabase = db): Promise<void> {
  await database.transaction('rw', database.outbox, database.contactMessages, async () => {
    const entry = await database.outbox.get(entryId);
    if (!entry || entry.status !== 'rejected') return;
    await database.outbox.delete(entryId);
    await database.contactMessages.delete(entry.rowId);
  });
}

export async function sendContactMessage(message: ContactMessage, dependencies: Partial<SendContactDependencies> = {}): Promise<SendContactOutcome> {
  const { database, sync, now, newId: makeId } = { ...defaults, ...dependencies };
  // The id is the message's own: the server stores a re-sent message once.
  const id = makeId();
  const entry = await mutate(database, {
    intent: 'sendContactMessage',
    table: 'contactMessages',
    row: { id, ...message, createdAt: now(), syncState: 'pending' as const },
    payload: { id, ...message },
  });

  const summary = await sync();
  let stored = await database.outbox.get(entry.id);
  // A sync that was already running when we wrote may have missed the new entry; a clean
  // run that left it pending means exactly that, so one more run picks it up.
  if (stored?.status === 'pending' && summary && !summary.retryReason) {
    await sync();
    stored = await database.outbox.get(entry.id);
  }

  if (!stored) return { status: 'sent', entryId: entry.id };
  if (stored.status === 'rejected') {
    return {
      status: 'rejected',
      entryId: entry.id,
      reason: stored.rejection ?? 'The server did not accept this message.',
      fields: contactFieldMessages(stored.rejectionFields),
    };
  }
  return { status: 'queued', entryId: entry.id };
}
