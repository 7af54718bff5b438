/**
 * Partner webhooks: subscriptions, the plates an organisation follows, the deliveries queued
 * with their events, their claims by the delivery job, and each attempt's answer.
 */
import type { WebhookEvent } from '#domain/partners/webhooks';
import type { Queryable } from '../db/database';

export interface Webhook {
  id: string;
  organisationId: string;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
  disabledAt: string | null;
}

export interface Delivery {
  id: string;
  webhookId: string;
  organisationId: string;
  url: string;
  secret: string;
  event: WebhookEvent;
  plateNumber: string;
  occurredAt: string;
  retryFrom: string;
  attempts: number;
  nextAttemptAt: string;
  deliveredAt: string | null;
  gaveUpAt: string | null;
}

export interface Attempt {
  deliveryId: string;
  attempt: number;
  at: string;
  status: number | null;
  response: string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface DeliveryRow {
  id: string;
  webhook_id: string;
  organisation_id: string;
  url: string;
  secret: string;
  event: WebhookEvent;
  plate_number: string;
  occurred_at: Date;
  retry_from: Date;
  attempts: number;
  next_attempt_at: Date;
  delivered_at: Date | null;
  gave_up_at: Date | null;
}

const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  webhookId: row.webhook_id,
  organisationId: row.organisation_id,
  url: row.url,
  secret: row.secret,
  event: row.event,
  plateNumber: row.plate_number,
  occurredAt: iso(row.occurred_at) ?? '',
  retryFrom: iso(row.retry_from) ?? '',
  attempts: row.attempts,
  nextAttemptAt: iso(row.next_attempt_at) ?? '',
  deliveredAt: iso(row.delivered_at),
  gaveUpAt: iso(row.gave_up_at),
});

const DELIVERY_COLUMNS = `d.id, d.webhook_id, w.organisation_id, w.url, w.secret, d.event, d.plate_number, d.occurred_at,
  d.retry_from, d.attempts, d.next_attempt_at, d.delivered_at, d.gave_up_at`;

/** Subscriptions that follow a plate: an insurer's on plates it insures today, anyone's on plates listed for it. */
const FOLLOWERS = `SELECT w.id FROM partner_webhooks w JOIN partner_organisations o ON o.id = w.organisation_id
  WHERE w.disabled_at IS NULL AND $2::text = ANY (w.events) AND (
    EXISTS (SELECT 1 FROM partner_followed_plates f WHERE f.organisation_id = o.id AND f.plate_number = $1::text)
    OR (o.kind = 'insurer' AND EXISTS (SELECT 1 FROM insurance_policies p WHERE p.plate_number = $1::text
      AND p.insurer = o.insurer_name AND p.cancelled_at IS NULL AND p.start_date <= $3::date AND p.end_date >= $3::date)))`;

export function partnerWebhookRepository(db: Queryable) {
  return {
    async addWebhook(webhook: Omit<Webhook, 'disabledAt'>, secret: string): Promise<void> {
      await db.query(
        `INSERT INTO partner_webhooks (id, organisation_id, url, secret, events, created_at) VALUES ($1, $2, $3, $4, $5::text[], $6)`,
        [webhook.id, webhook.organisationId, webhook.url, secret, webhook.events, webhook.createdAt],
      );
    },

    async webhooksOf(organisationId: string): Promise<Webhook[]> {
      const rows = await db.query<{
        id: string;
        organisation_id: string;
        url: string;
        events: WebhookEvent[];
        created_at: Date;
        disabled_at: Date | null;
      }>('SELECT * FROM partner_webhooks WHERE organisation_id = $1 ORDER BY created_at DESC', [organisationId]);
      return rows.map((row) => ({
        id: row.id,
        organisationId: row.organisation_id,
        url: row.url,
        events: row.events,
        createdAt: iso(row.created_at) ?? '',
        disabledAt: iso(row.disabled_at),
      }));
    },

    async follow(organisationId: string, plateNumbers: readonly string[], at: Date): Promise<void> {
      await db.query(
        `INSERT INTO partner_followed_plates (organisation_id, plate_number, added_at)
         SELECT $1, p, $3 FROM unnest($2::text[]) AS p ON CONFLICT DO NOTHING`,
        [organisationId, plateNumbers, at],
      );
    },

    async followed(organisationId: string): Promise<string[]> {
      const rows = await db.query<{ plate_number: string }>(
        'SELECT plate_number FROM partner_followed_plates WHERE organisation_id = $1 ORDER BY plate_number',
        [organisationId],
      );
      return rows.map((row) => row.plate_number);
    },

    /** Queues the event for every subscription that follows the plate; answers how many were queued. */
    async queue(event: WebhookEvent, plateNumber: string, dedupeKey: string, at: Date): Promise<number> {
      const rows = await db.query(
        `INSERT INTO partner_webhook_deliveries (id, webhook_id, event, plate_number, dedupe_key, occurred_at, retry_from, next_attempt_at)
         SELECT gen_random_uuid()::text, f.id, $2, $1, $4, $5, $5, $5 FROM (${FOLLOWERS}) AS f
         ON CONFLICT DO NOTHING RETURNING id`,
        [plateNumber, event, at.toISOString().slice(0, 10), dedupeKey, at],
      );
      return rows.length;
    },

    /** Plates that expired before `today` and are followed by a subscription to expiries (at most `limit`). */
    async expiredFollowed(
      today: string,
      since: string,
      limit: number,
    ): Promise<Array<{ plateNumber: string; expiryDate: string }>> {
      const rows = await db.query<{ plate_number: string; expiry_date: string }>(
        // From the followed plates to the registry, not the other way: the registry is far the
        // larger, and an OR of two EXISTS was asked of every plate in it.
        `SELECT r.plate_number, to_char(r.expiry_date, 'YYYY-MM-DD') AS expiry_date FROM registered_plates r
         WHERE r.expiry_date < $1::date AND r.expiry_date >= $2::date AND r.standing = 'Valid' AND r.plate_number IN (
           SELECT f.plate_number FROM partner_followed_plates f JOIN partner_webhooks w ON w.organisation_id = f.organisation_id
             WHERE w.disabled_at IS NULL AND 'plate.expired' = ANY (w.events)
           UNION
           SELECT p.plate_number FROM insurance_policies p JOIN partner_organisations o ON o.kind = 'insurer' AND o.insurer_name = p.insurer
             JOIN partner_webhooks w ON w.organisation_id = o.id
             WHERE p.cancelled_at IS NULL AND w.disabled_at IS NULL AND 'plate.expired' = ANY (w.events))
         ORDER BY r.plate_number LIMIT $3`,
        [today, since, limit],
      );
      return rows.map((row) => ({ plateNumber: row.plate_number, expiryDate: row.expiry_date }));
    },

    /**
     * Claims up to `limit` due deliveries until `until`: rows another instance holds (locked, or
     * claimed and not yet expired) are skipped, so each is sent by one instance.
     */
    async claimDue(now: Date, until: Date, limit: number): Promise<Delivery[]> {
      const rows = await db.query<DeliveryRow>(
        `WITH due AS (
           SELECT id FROM partner_webhook_deliveries
           WHERE delivered_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until < $1)
           ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
         UPDATE partner_webhook_deliveries d SET claimed_until = $2 FROM due, partner_webhooks w
         WHERE d.id = due.id AND w.id = d.webhook_id RETURNING ${DELIVERY_COLUMNS}`,
        [now, until, limit],
      );
      return rows.map(toDelivery);
    },

    async recordAttempt(
      deliveryId: string,
      outcome: { at: Date; status: number | null; response: string; delivered: boolean; nextAttemptAt: Date | null },
    ): Promise<void> {
      const [row] = await db.query<{ attempts: number }>(
        `UPDATE partner_webhook_deliveries SET attempts = attempts + 1, claimed_until = NULL,
           delivered_at = CASE WHEN $2 THEN $3::timestamptz ELSE NULL END,
           gave_up_at = CASE WHEN NOT $2 AND $4::timestamptz IS NULL THEN $3::timestamptz ELSE NULL END,
           next_attempt_at = coalesce($4::timestamptz, next_attempt_at)
         WHERE id = $1 RETURNING attempts`,
        [deliveryId, outcome.delivered, outcome.at, outcome.nextAttemptAt],
      );
      if (!row) return;
      await db.query(
        'INSERT INTO partner_webhook_attempts (delivery_id, attempt, at, status, response) VALUES ($1, $2, $3, $4, $5)',
        [deliveryId, row.attempts, outcome.at, outcome.status, outcome.response.slice(0, 500)],
      );
    },

    /** A delivery sent again now, by the administrator: due at once, with a fresh day of retries. */
    async replay(deliveryId: string, organisationId: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE partner_webhook_deliveries d SET delivered_at = NULL, gave_up_at = NULL, claimed_until = NULL,
           next_attempt_at = $3, retry_from = $3
         FROM partner_webhooks w WHERE d.id = $1 AND w.id = d.webhook_id AND w.organisation_id = $2 RETURNING d.id`,
        [deliveryId, organisationId, now],
      );
      return rows.length === 1;
    },

    async deliveries(
      organisationId: string,
      limit: number,
    ): Promise<Array<Delivery & { lastAttempt: Attempt | null }>> {
      const rows = await db.query<DeliveryRow & { last: Attempt | null }>(
        `SELECT ${DELIVERY_COLUMNS}, (SELECT json_build_object('deliveryId', a.delivery_id, 'attempt', a.attempt, 'at', a.at,
             'status', a.status, 'response', a.response) FROM partner_webhook_attempts a WHERE a.delivery_id = d.id
             ORDER BY a.attempt DESC LIMIT 1) AS last
         FROM partner_webhook_deliveries d JOIN partner_webhooks w ON w.id = d.webhook_id
         WHERE w.organisation_id = $1 ORDER BY d.occurred_at DESC, d.id DESC LIMIT $2`,
        [organisationId, limit],
      );
      return rows.map((row) => ({
        ...toDelivery(row),
        lastAttempt: row.last && { ...row.last, at: iso(row.last.at) ?? '' },
      }));
    },
  };
}
