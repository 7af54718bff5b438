/**
 * Payments as stored: what was paid for, by whom, how much (ngwee), with which method
 * and provider, and how it stands. Rules about the status live in the domain
 * (#domain/payments/payment); this module only reads and writes rows.
 */
import type { Payment, PaymentStatus } from '#domain/payments/payment';
import type { CheckoutOwner } from '#domain/purchases/checkout-owner';
import { ngwee } from '#domain/money/money';
import type { PaymentMethodId } from '#domain/pricing/pricing';
import type { Queryable } from '../db/database';

export type PaymentPurpose = 'reservation' | 'purchase' | 'application' | 'renewal';

/** One line of what a payment is made of; a deduction has a negative amount. */
export interface PaymentLine {
  label: string;
  amount: number;
}

export interface StoredPayment extends Payment {
  number: number;
  payerId: string;
  purpose: PaymentPurpose;
  listingId: string | null;
  requestId: string | null;
  /** The plate a renewal pays for. */
  plateNumber: string | null;
  description: string;
  lines: PaymentLine[];
  provider: string;
  providerRef: string | null;
  /** A card payment's page at the card provider, as it gave it when the payment started. */
  checkoutUrl: string | null;
  payerPhone: string | null;
  card: { brand: string; last4: string } | null;
  effect: 'applied' | 'refund_due' | null;
  settledBy: string | null;
  /** When a pending request-to-pay lapses; null for methods that wait without a limit. */
  expiresAt: string | null;
  /** A marketplace purchase's owner as the buyer gave them; null for other payments and purchases started before Buy Now asked. */
  owner: CheckoutOwner | null;
}

export type NewStoredPayment = Pick<
  StoredPayment,
  | 'id'
  | 'payerId'
  | 'idempotencyKey'
  | 'purpose'
  | 'listingId'
  | 'requestId'
  | 'description'
  | 'lines'
  | 'method'
  | 'amount'
  | 'provider'
  | 'payerPhone'
  | 'card'
  | 'expiresAt'
  | 'createdAt'
> & { status?: PaymentStatus; settledAt?: string | null; plateNumber?: string | null; owner?: CheckoutOwner | null };

interface PaymentRow {
  id: string;
  number: string | number;
  payer_id: string;
  idempotency_key: string;
  purpose: PaymentPurpose;
  listing_id: string | null;
  request_id: string | null;
  plate_number: string | null;
  description: string;
  lines: PaymentLine[];
  method: PaymentMethodId;
  amount_ngwee: string | number;
  status: PaymentStatus;
  decline_reason: string | null;
  provider: string;
  provider_ref: string | null;
  checkout_url: string | null;
  payer_phone: string | null;
  card_brand: string | null;
  card_last4: string | null;
  effect: 'applied' | 'refund_due' | null;
  settled_by: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
  expires_at: Date | string | null;
  owner_name: string | null;
  owner_nrc: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function toPayment(row: PaymentRow): StoredPayment {
  return {
    id: row.id,
    number: Number(row.number),
    payerId: row.payer_id,
    idempotencyKey: row.idempotency_key,
    purpose: row.purpose,
    listingId: row.listing_id,
    requestId: row.request_id,
    plateNumber: row.plate_number,
    description: row.description,
    lines: row.lines,
    method: row.method,
    amount: ngwee(Number(row.amount_ngwee)),
    status: row.status,
    declineReason: row.decline_reason,
    provider: row.provider,
    providerRef: row.provider_ref,
    checkoutUrl: row.checkout_url,
    payerPhone: row.payer_phone,
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    effect: row.effect,
    settledBy: row.settled_by,
    createdAt: iso(row.created_at),
    settledAt: isoOrNull(row.settled_at),
    expiresAt: isoOrNull(row.expires_at),
    owner: row.owner_nrc === null ? null : { name: row.owner_name ?? '', nrc: row.owner_nrc },
  };
}

export function paymentRepository(db: Queryable) {
  return {
    async insert(payment: NewStoredPayment): Promise<StoredPayment> {
      const [row] = await db.query<PaymentRow>(
        `INSERT INTO payments (id, payer_id, idempotency_key, purpose, listing_id, request_id, description, lines, method, amount_ngwee,
           status, provider, payer_phone, card_brand, card_last4, created_at, settled_at, expires_at, plate_number, owner_name, owner_nrc)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21) RETURNING *`,
        [
          payment.id,
          payment.payerId,
          payment.idempotencyKey,
          payment.purpose,
          payment.listingId,
          payment.requestId,
          payment.description,
          JSON.stringify(payment.lines),
          payment.method,
          payment.amount,
          payment.status ?? 'pending',
          payment.provider,
          payment.payerPhone,
          payment.card?.brand ?? null,
          payment.card?.last4 ?? null,
          payment.createdAt,
          payment.settledAt ?? null,
          payment.expiresAt,
          payment.plateNumber ?? null,
          payment.owner?.name ?? null,
          payment.owner?.nrc ?? null,
        ],
      );
      if (!row) throw new Error('payment insert returned no row');
      return toPayment(row);
    },

    async find(id: string, options: { forUpdate?: boolean } = {}): Promise<StoredPayment | undefined> {
      const [row] = await db.query<PaymentRow>(
        `SELECT * FROM payments WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
        [id],
      );
      return row ? toPayment(row) : undefined;
    },

    async findByKey(payerId: string, idempotencyKey: string): Promise<StoredPayment | undefined> {
      const [row] = await db.query<PaymentRow>('SELECT * FROM payments WHERE payer_id = $1 AND idempotency_key = $2', [
        payerId,
        idempotencyKey,
      ]);
      return row ? toPayment(row) : undefined;
    },

    /** Records a payment's new standing: only the fields settling changes, so nothing else written meanwhile is undone. */
    async save(
      payment: Pick<StoredPayment, 'id' | 'status' | 'settledAt' | 'declineReason' | 'effect' | 'settledBy'>,
    ): Promise<StoredPayment> {
      const [row] = await db.query<PaymentRow>(
        'UPDATE payments SET status = $2, settled_at = $3, decline_reason = $4, effect = $5, settled_by = $6 WHERE id = $1 RETURNING *',
        [payment.id, payment.status, payment.settledAt, payment.declineReason, payment.effect, payment.settledBy],
      );
      if (!row) throw new Error(`payment ${payment.id} vanished`);
      return toPayment(row);
    },

    /** What the provider answered when asked to collect: its transaction, and the card page if it gave one. */
    async setProviderRef(
      id: string,
      providerRef: string,
      checkoutUrl: string | null,
    ): Promise<StoredPayment | undefined> {
      const [row] = await db.query<PaymentRow>(
        'UPDATE payments SET provider_ref = $2, checkout_url = $3 WHERE id = $1 RETURNING *',
        [id, providerRef, checkoutUrl],
      );
      return row ? toPayment(row) : undefined;
    },

    /**
     * Keeps what the card provider reports of the card a pending card payment was paid with
     * (brand, last four digits); undefined when it has one already or is no longer pending.
     */
    async claimCard(id: string, card: { brand: string; last4: string }): Promise<StoredPayment | undefined> {
      const [row] = await db.query<PaymentRow>(
        "UPDATE payments SET card_brand = $2, card_last4 = $3 WHERE id = $1 AND status = 'pending' AND card_last4 IS NULL RETURNING *",
        [id, card.brand, card.last4],
      );
      return row ? toPayment(row) : undefined;
    },

    async listForPayer(payerId: string, limit = 200): Promise<StoredPayment[]> {
      const rows = await db.query<PaymentRow>(
        'SELECT * FROM payments WHERE payer_id = $1 ORDER BY created_at DESC, number DESC LIMIT $2',
        [payerId, limit],
      );
      return rows.map(toPayment);
    },

    /** Payments stored as pending, oldest first (bank transfers waiting for an administrator, mostly). */
    async listPending(limit = 500): Promise<StoredPayment[]> {
      const rows = await db.query<PaymentRow>(
        "SELECT * FROM payments WHERE status = 'pending' ORDER BY created_at, number LIMIT $1",
        [limit],
      );
      return rows.map(toPayment);
    },

    /** Requests-to-pay still stored as pending whose time ran out by `at`, the longest lapsed first. */
    /** Card payments still pending that started before `before`: left on the card provider's page. */
    async listWaitingCards(before: Date, limit: number): Promise<StoredPayment[]> {
      const rows = await db.query<PaymentRow>(
        "SELECT * FROM payments WHERE status = 'pending' AND method = 'card' AND created_at <= $1 ORDER BY created_at, number LIMIT $2",
        [before, limit],
      );
      return rows.map(toPayment);
    },

    async listLapsed(at: Date, limit: number): Promise<StoredPayment[]> {
      const rows = await db.query<PaymentRow>(
        "SELECT * FROM payments WHERE status = 'pending' AND expires_at <= $1 ORDER BY expires_at, number LIMIT $2",
        [at, limit],
      );
      return rows.map(toPayment);
    },

    /** The latest payment of each given request. */
    async latestForRequests(requestIds: readonly string[]): Promise<Map<string, StoredPayment>> {
      if (requestIds.length === 0) return new Map();
      const rows = await db.query<PaymentRow>(
        `SELECT DISTINCT ON (request_id) * FROM payments WHERE request_id = ANY($1::text[])
         ORDER BY request_id, created_at DESC, number DESC`,
        [requestIds],
      );
      return new Map(rows.map((row) => [row.request_id ?? '', toPayment(row)]));
    },

    /** A plate's payments of a purpose (its renewals), newest first. */
    async forPlate(plateNumber: string, purpose: PaymentPurpose): Promise<StoredPayment[]> {
      const rows = await db.query<PaymentRow>(
        'SELECT * FROM payments WHERE plate_number = $1 AND purpose = $2 ORDER BY created_at DESC, number DESC',
        [plateNumber, purpose],
      );
      return rows.map(toPayment);
    },

    async forRequest(requestId: string): Promise<StoredPayment[]> {
      const rows = await db.query<PaymentRow>(
        'SELECT * FROM payments WHERE request_id = $1 ORDER BY created_at DESC, number DESC',
        [requestId],
      );
      return rows.map(toPayment);
    },

    /** The owner of this name this payer last named at a marketplace checkout (letter case aside), with when; undefined when they never did. */
    async latestOwnerGivenBy(payerId: string, name: string): Promise<(CheckoutOwner & { at: string }) | undefined> {
      const [row] = await db.query<{ owner_name: string | null; owner_nrc: string; created_at: Date | string }>(
        `SELECT owner_name, owner_nrc, created_at FROM payments WHERE payer_id = $1 AND owner_nrc IS NOT NULL AND lower(owner_name) = lower($2)
         ORDER BY created_at DESC, number DESC LIMIT 1`,
        [payerId, name],
      );
      return row && { name: row.owner_name ?? '', nrc: row.owner_nrc, at: iso(row.created_at) };
    },

    async count(): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments');
      return row?.n ?? 0;
    },
  };
}
