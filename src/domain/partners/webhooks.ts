/**
 * Partner webhooks' rules (docs/partner-api.md, "Webhooks"): the events, when a failed
 * delivery is tried again (backoff for a day, then given up), the signature header's format
 * and how old a signed delivery may be before a receiver refuses it as a replay. Pure: the
 * HMAC itself is computed on the server and by the receiver.
 */

export const WEBHOOK_EVENTS = [
  'plate.stolen',
  'plate.revoked',
  'plate.transferred',
  'plate.renewed',
  'plate.expired',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEvent, string>> = {
  'plate.stolen': 'Reported stolen',
  'plate.revoked': 'Revoked',
  'plate.transferred': 'Transferred',
  'plate.renewed': 'Renewed',
  'plate.expired': 'Expired',
};

/** Waits after the 1st, 2nd… failed attempt; after the last, every 6 hours. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 3600_000, 3 * 3600_000, 6 * 3600_000] as const;
/** A delivery is tried for a day from its event, then given up (the administrator may replay it). */
export const DELIVERY_WINDOW_MS = 24 * 3600_000;
/** A receiver refuses a delivery signed more than this long ago (or ahead): a replay. */
export const REPLAY_TOLERANCE_SECONDS = 5 * 60;
export const SIGNATURE_HEADER = 'nambala-signature';

/** When to try again after `attempts` failed attempts, or null when the day is over (give up). */
export function nextAttemptAt(occurredAt: Date, attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
  const next = new Date(now.getTime() + delay);
  return next.getTime() - occurredAt.getTime() > DELIVERY_WINDOW_MS ? null : next;
}

/** `t=1765000000,v1=<hex>`: the header a delivery carries. */
export const signatureHeader = (timestamp: number, hexSignature: string): string => `t=${timestamp},v1=${hexSignature}`;

/** The header's parts, or null when it is not one. */
export function parseSignatureHeader(header: string | undefined): { timestamp: number; signature: string } | null {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header?.trim() ?? '');
  if (!match?.[1] || !match[2]) return null;
  return { timestamp: Number(match[1]), signature: match[2] };
}

/** What is signed: the timestamp, a dot, the body exactly as sent. */
export const signedText = (timestamp: number, body: string): string => `${timestamp}.${body}`;

/** Whether a delivery signed at `timestamp` (Unix seconds) is recent enough to accept at `now`. */
export const isFreshSignature = (timestamp: number, now: Date): boolean =>
  Math.abs(now.getTime() / 1000 - timestamp) <= REPLAY_TOLERANCE_SECONDS;

/** Where deliveries may go: https, or plain http to this machine (a receiver under test). */
export function webhookUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Give the full address, such as https://partner.example/nambala-events';
  }
  if (parsed.username || parsed.password) return 'The address must not carry a user name or password';
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) return null;
  return 'The address must start with https://';
}
