/**
 * The outbox's transport: how changes (intents) waiting on the device are sent to the
 * server's push endpoint, and how the answer is read for each: applied, refused for a
 * reason the user must see, or "try again later" (offline, signed out, server trouble).
 */
import type { OutboxEntry } from '../store/database';
import { type ApiErrorBody, apiRequest, NetworkError } from '../api/api-client';

export type PushResult =
  | { outcome: 'applied' }
  | { outcome: 'rejected'; reason: string; fields?: Record<string, string> }
  | { outcome: 'retry'; reason: string };

/** 4xx other than 401/408/429 means the server will never take this change as it is. */
function readAnswer(status: number, body: ApiErrorBody | undefined): PushResult {
  if (status >= 200 && status < 300) return { outcome: 'applied' };
  const reason = body?.message ?? `The server answered ${status}.`;
  if (status >= 400 && status < 500 && ![401, 408, 429].includes(status)) {
    return { outcome: 'rejected', reason, ...(body?.fields ? { fields: body.fields } : {}) };
  }
  return { outcome: 'retry', reason };
}

const CLIENT_ID_KEY = 'nambala.client-id';
let pageClientId: string | undefined;

/** This device's id, which the server records with each change it applies. */
function clientId(): string {
  try {
    let id = localStorage.getItem(CLIENT_ID_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(CLIENT_ID_KEY, id);
    }
    return id;
  } catch {
    pageClientId ??= crypto.randomUUID();
    return pageClientId;
  }
}

interface PushAnswer {
  results?: Array<{
    id: string;
    outcome: 'applied' | 'rejected';
    message?: string;
    fields?: Record<string, string>;
    status?: number;
  }>;
}

/**
 * Sends outbox entries, in order, through the server's push endpoint and reads
 * the answer for each. Every intent travels the same way; the server knows which
 * it accepts. When the push does not get through, every entry is to be retried.
 */
export async function sendIntents(entries: OutboxEntry[]): Promise<PushResult[]> {
  const retryAll = (reason: string): PushResult[] => entries.map(() => ({ outcome: 'retry', reason }));
  let result;
  try {
    result = await apiRequest<PushAnswer & ApiErrorBody>('POST', '/api/sync/push', {
      clientId: clientId(),
      mutations: entries.map((entry) => ({ id: entry.id, intent: entry.intent, payload: entry.payload })),
    });
  } catch (error) {
    if (error instanceof NetworkError) return retryAll('offline');
    throw error;
  }
  if (!result.ok) {
    const answer = readAnswer(result.status, result.body);
    // A refusal of the whole push (a malformed batch) is a refusal of each change in it.
    return answer.outcome === 'applied'
      ? retryAll('The server did not answer for these changes.')
      : entries.map(() => answer);
  }
  const answers = new Map((result.body.results ?? []).map((answer) => [answer.id, answer]));
  return entries.map((entry): PushResult => {
    const answer = answers.get(entry.id);
    if (!answer) return { outcome: 'retry', reason: 'The server did not answer for this change.' };
    if (answer.outcome === 'applied') return { outcome: 'applied' };
    return {
      outcome: 'rejected',
      reason: answer.message ?? 'The server did not accept this change.',
      ...(answer.fields ? { fields: answer.fields } : {}),
    };
  });
}
