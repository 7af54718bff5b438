/**
 * The record of SMS and email sent to users (GET /api/admin/messages), for administrators.
 * Read from the server, not kept on devices: it holds other people's phone numbers and
 * addresses, and grows with every notification.
 */
import type { SentMessagesPage } from '#domain/messages/sent-message';
import { type ApiErrorBody, apiRequest, NetworkError } from '../../api/api-client';

export const SENT_MESSAGES_OFFLINE =
  'Sent messages are read from the server, so this page needs a connection. They are shown when this device is back online.';

export type SentMessagesAnswer = { ok: true; page: SentMessagesPage } | { ok: false; message: string };

/** A page of messages, newest first; `before` continues after the last message of the previous page. */
export async function fetchSentMessages(before: string | null): Promise<SentMessagesAnswer> {
  try {
    const result = await apiRequest<SentMessagesPage & ApiErrorBody>(
      'GET',
      `/api/admin/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    );
    if (result.ok) return { ok: true, page: result.body };
    return { ok: false, message: result.body?.message ?? `The server answered ${result.status}.` };
  } catch (error) {
    if (error instanceof NetworkError) return { ok: false, message: SENT_MESSAGES_OFFLINE };
    throw error;
  }
}
