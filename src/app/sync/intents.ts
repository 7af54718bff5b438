/**
 * How each kind of change (an intent) is sent to the server, and how the answer is
 * read: applied, refused for a reason the user must see, or "try again later".
 */
import type { OutboxEntry } from '../store/database';
import { type ApiErrorBody, apiRequest, NetworkError } from './api-client';

export type PushResult =
  | { outcome: 'applied' }
  | { outcome: 'rejected'; reason: string; fields?: Record<string, string> }
  | { outcome: 'retry'; reason: string };

type IntentSender = (entry: OutboxEntry) => Promise<PushResult>;

/** 4xx other than 401/408/429 means the server will never take this change as it is. */
function readAnswer(status: number, body: ApiErrorBody | undefined): PushResult {
  if (status >= 200 && status < 300) return { outcome: 'applied' };
  const reason = body?.message ?? `The server answered ${status}.`;
  if (status >= 400 && status < 500 && ![401, 408, 429].includes(status)) {
    return { outcome: 'rejected', reason, ...(body?.fields ? { fields: body.fields } : {}) };
  }
  return { outcome: 'retry', reason };
}

async function post(path: string, payload: unknown): Promise<PushResult> {
  try {
    const result = await apiRequest<ApiErrorBody>('POST', path, payload);
    return readAnswer(result.status, result.body);
  } catch (error) {
    if (error instanceof NetworkError) return { outcome: 'retry', reason: 'offline' };
    throw error;
  }
}

const senders: Record<string, IntentSender> = {
  sendContactMessage: (entry) => post('/api/contact', entry.payload),
};

export function sendIntent(entry: OutboxEntry): Promise<PushResult> {
  const sender = senders[entry.intent];
  if (!sender) return Promise.resolve({ outcome: 'rejected', reason: `This version of the app cannot send '${entry.intent}' changes.` });
  return sender(entry);
}
