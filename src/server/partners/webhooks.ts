/**
 * Partner webhooks (docs/partner-api.md, "Webhooks"): an administrator's subscriptions for an
 * organisation and the plates it follows; events queued in the transaction that makes them
 * (`queuePlateEvent`); and one delivery run (`deliverDue`): due deliveries claimed so that one
 * server instance sends each, POSTed to the registered address only (no redirects), signed
 * with HMAC-SHA256 over the timestamp and body, and retried with backoff for a day.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { uuidv7 } from '#domain/ids/uuid-v7';
import { parsePlateNumber } from '#domain/plates/plate-number';
import {
  isFreshSignature,
  nextAttemptAt,
  parseSignatureHeader,
  SIGNATURE_HEADER,
  signatureHeader,
  signedText,
  type WebhookEvent,
  webhookUrlProblem,
} from '#domain/partners/webhooks';
import type { Database, Queryable } from '../db/database';
import { auditRepository } from '../repositories/audit-repository';
import { partnerRepository } from '../repositories/partner-repository';
import { type Delivery, partnerWebhookRepository } from '../repositories/partner-webhook-repository';
import type { Actor, Refusal } from './partner-keys';

const refuse = (status: Refusal['status'], message: string, fields?: Record<string, string>): Refusal => ({
  refused: true,
  status,
  message,
  ...(fields ? { fields } : {}),
});

/** The hex HMAC-SHA256 of `timestamp.body` with the subscription's secret. */
export const webhookSignature = (secret: string, timestamp: number, body: string): string =>
  createHmac('sha256', secret).update(signedText(timestamp, body), 'utf8').digest('hex');

/**
 * What a receiver does with a delivery (docs/partner-api.md shows the same steps): the header
 * parsed, the signature compared in constant time, and a signature older (or newer) than five
 * minutes refused as a replay.
 */
export function verifyWebhook(
  secret: string,
  header: string | undefined,
  body: string,
  now: Date,
): 'ok' | 'bad-signature' | 'replayed' {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return 'bad-signature';
  const expected = Buffer.from(webhookSignature(secret, parsed.timestamp, body), 'hex');
  const given = Buffer.from(parsed.signature, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad-signature';
  return isFreshSignature(parsed.timestamp, now) ? 'ok' : 'replayed';
}

/** The body a delivery carries: the same bytes on every attempt. */
export const deliveryBody = (delivery: Pick<Delivery, 'id' | 'event' | 'plateNumber' | 'occurredAt'>): string =>
  JSON.stringify({
    id: delivery.id,
    event: delivery.event,
    plateNumber: delivery.plateNumber,
    occurredAt: delivery.occurredAt,
  });

export async function subscribe(
  db: Database,
  organisationId: string,
  input: { url: string; events: WebhookEvent[] },
  actor: Actor,
  now: Date,
): Promise<{ id: string; secret: string } | Refusal> {
  const problem = webhookUrlProblem(input.url);
  if (problem) return refuse(400, problem, { url: problem });
  if (input.events.length === 0)
    return refuse(400, 'Choose at least one event.', { events: 'Choose at least one event.' });
  return db.transaction(async (tx) => {
    if (!(await partnerRepository(tx).organisation(organisationId)))
      return refuse(404, 'No such partner organisation.');
    const id = uuidv7(now.getTime(), randomBytes(10));
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    await partnerWebhookRepository(tx).addWebhook(
      { id, organisationId, url: input.url, events: [...new Set(input.events)], createdAt: now.toISOString() },
      secret,
    );
    await auditRepository(tx).record({
      actorId: actor.id,
      action: 'partner.webhook-add',
      target: id,
      detail: { organisation: organisationId, url: input.url, events: input.events },
      ip: actor.ip,
    });
    return { id, secret };
  });
}

/** Plates the administrator lists for an organisation to follow (besides an insurer's insured plates). */
export async function followPlates(
  db: Database,
  organisationId: string,
  inputs: readonly string[],
  actor: Actor,
  now: Date,
): Promise<{ plates: string[] } | Refusal> {
  const numbers: string[] = [];
  for (const input of inputs) {
    const parsed = parsePlateNumber(input);
    if (!parsed.ok) return refuse(400, `${input}: ${parsed.error}`, { plates: `${input}: ${parsed.error}` });
    numbers.push(parsed.value);
  }
  return db.transaction(async (tx) => {
    if (!(await partnerRepository(tx).organisation(organisationId)))
      return refuse(404, 'No such partner organisation.');
    const webhooks = partnerWebhookRepository(tx);
    await webhooks.follow(organisationId, numbers, now);
    await auditRepository(tx).record({
      actorId: actor.id,
      action: 'partner.follow',
      target: organisationId,
      detail: { plates: numbers },
      ip: actor.ip,
    });
    return { plates: await webhooks.followed(organisationId) };
  });
}

/**
 * Queues an event on a plate for every subscription that follows it, in the caller's
 * transaction: committed with the event, or not at all. Nothing is sent here.
 */
export async function queuePlateEvent(
  tx: Queryable,
  event: WebhookEvent,
  plateNumber: string,
  at: Date,
  dedupeKey: string = uuidv7(at.getTime(), randomBytes(10)),
): Promise<number> {
  return partnerWebhookRepository(tx).queue(event, plateNumber, dedupeKey, at);
}

export interface Sent {
  status: number | null;
  response: string;
}

/** Sends one delivery; tests give their own. Answers the status, or null with the reason there was none. */
export type SendWebhook = (url: string, headers: Record<string, string>, body: string) => Promise<Sent>;

const SEND_TIMEOUT_MS = 10_000;

export const sendWithFetch: SendWebhook = async (url, headers, body) => {
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers,
      body,
      // Only the registered address: a redirect is an answer, not somewhere else to send to.
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    return { status: answer.status, response: (await answer.text()).slice(0, 500) };
  } catch (error) {
    return { status: null, response: error instanceof Error ? error.message : String(error) };
  }
};

const CLAIM_MS = 60_000;
const BATCH = 20;

/**
 * One delivery run: expiries of followed plates queued (once per expiry date), then due
 * deliveries claimed and sent one by one. A 2xx answer delivers; anything else is tried again
 * after a backoff, for a day. Answers how many were sent.
 */
export async function deliverDue(db: Database, send: SendWebhook, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
  const expired = await partnerWebhookRepository(db).expiredFollowed(today, weekAgo, 500);
  if (expired.length > 0)
    await db.transaction(async (tx) => {
      for (const plate of expired) await queuePlateEvent(tx, 'plate.expired', plate.plateNumber, now, plate.expiryDate);
    });
  const claimed = await db.transaction((tx) =>
    partnerWebhookRepository(tx).claimDue(now, new Date(now.getTime() + CLAIM_MS), BATCH),
  );
  for (const delivery of claimed) {
    const body = deliveryBody(delivery);
    const timestamp = Math.floor(now.getTime() / 1000);
    const sent = await send(
      delivery.url,
      {
        'content-type': 'application/json',
        'user-agent': 'Nambala-Webhooks/1',
        'nambala-event': delivery.event,
        'nambala-delivery': delivery.id,
        [SIGNATURE_HEADER]: signatureHeader(timestamp, webhookSignature(delivery.secret, timestamp, body)),
      },
      body,
    );
    const delivered = sent.status !== null && sent.status >= 200 && sent.status < 300;
    await partnerWebhookRepository(db).recordAttempt(delivery.id, {
      at: now,
      status: sent.status,
      response: sent.response,
      delivered,
      nextAttemptAt: delivered ? null : nextAttemptAt(new Date(delivery.retryFrom), delivery.attempts + 1, now),
    });
  }
  return claimed.length;
}

export async function replayDelivery(
  db: Database,
  organisationId: string,
  deliveryId: string,
  actor: Actor,
  now: Date,
): Promise<{ replayed: true } | Refusal> {
  return db.transaction(async (tx) => {
    if (!(await partnerWebhookRepository(tx).replay(deliveryId, organisationId, now)))
      return refuse(404, 'No such delivery for this organisation.');
    await auditRepository(tx).record({
      actorId: actor.id,
      action: 'partner.webhook-replay',
      target: deliveryId,
      detail: { organisation: organisationId },
      ip: actor.ip,
    });
    return { replayed: true as const };
  });
}
