/**
 * The embedded message provider: every SMS and email is stored in the sandbox_messages
 * table (an email with both its parts, text and HTML) and nothing leaves the machine. Administrators read what was sent under Sent
 * messages (/dashboard/admin/messages). Like the payment sandbox it keeps no state of
 * its own beyond the database, so any number of server instances share it. Texts "sent" to
 * the service's number come from the administrators' phone simulator, and their replies are
 * listed under Sent messages with the text each answers.
 */
import type { Queryable } from '../db/database';
import { sandboxMessageRepository } from '../repositories/message-repository';
import { checkAdministrator } from '../ussd/caller-checks';
import type { MessageProvider, OutgoingMessage } from './message-provider';

export const SANDBOX_MESSAGE_PROVIDER = 'sandbox';

export function sandboxMessageProvider(db: Queryable): MessageProvider {
  const mailbox = sandboxMessageRepository(db);
  return {
    name: SANDBOX_MESSAGE_PROVIDER,
    // Texts to the service come from the administrators' phone simulator, and only from it.
    inbound: { check: checkAdministrator },
    async send(message: OutgoingMessage): Promise<{ providerRef: string }> {
      const id = await mailbox.store({
        messageKey: message.id,
        channel: message.channel,
        recipient: message.to,
        subject: message.subject ?? null,
        body: message.body,
        html: message.html ?? null,
      });
      return { providerRef: `sandbox-message-${id}` };
    },
  };
}
