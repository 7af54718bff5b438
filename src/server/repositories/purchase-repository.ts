/**
 * Marketplace reservations, holds and sales on plate_listings, and the orders a sale
 * creates. A listing's status as a buyer sees it is derived from the stored instants
 * and the time (listingStatusAt), never flipped back by a timer.
 */
import { ngwee, type Ngwee } from '#domain/money/money';
import { effectiveStatus, type ListingReservation } from '#domain/purchases/reservation';
import type { MarketplacePlateType, PlateStatus } from '#domain/statuses/statuses';
import type { Queryable } from '../db/database';

/** A listing with everything a purchase decision needs. */
export interface ListingState extends ListingReservation {
  id: string;
  number: string;
  price: Ngwee;
  type: MarketplacePlateType;
  featured: boolean;
  description: string;
  reservationPaymentId: string | null;
  /** The buyer whose payment is pending, and until when they hold the plate. */
  heldBy: string | null;
  heldUntil: string | null;
  holdPaymentId: string | null;
  soldTo: string | null;
  soldAt: string | null;
  version: number;
}

export interface ListingRow {
  id: string;
  number: string;
  price_ngwee: string | number;
  type: string;
  status: string;
  featured: boolean;
  description: string;
  reserved_by: string | null;
  reserved_until: Date | string | null;
  reservation_payment_id: string | null;
  held_by: string | null;
  held_until: Date | string | null;
  hold_payment_id: string | null;
  sold_to: string | null;
  sold_at: Date | string | null;
  version: number;
}

export const LISTING_COLUMNS = `id, number, price_ngwee, type, status, featured, description, reserved_by, reserved_until, reservation_payment_id,
  held_by, held_until, hold_payment_id, sold_to, sold_at, version`;

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toListingState(row: ListingRow): ListingState {
  return {
    id: row.id,
    number: row.number,
    price: ngwee(Number(row.price_ngwee)),
    type: row.type as MarketplacePlateType, // constrained on insert by the domain type
    status: row.status as PlateStatus,
    featured: row.featured,
    description: row.description,
    reservedBy: row.reserved_by,
    reservedUntil: isoOrNull(row.reserved_until),
    reservationPaymentId: row.reservation_payment_id,
    heldBy: row.held_by,
    heldUntil: isoOrNull(row.held_until),
    holdPaymentId: row.hold_payment_id,
    soldTo: row.sold_to,
    soldAt: isoOrNull(row.sold_at),
    version: row.version,
  };
}

/** True while a buyer's payment for the plate is pending and its hold has not run out. */
export function holdIsLive(listing: Pick<ListingState, 'holdPaymentId' | 'heldUntil'>, now: Date): boolean {
  return listing.holdPaymentId !== null && listing.heldUntil !== null && now.getTime() < Date.parse(listing.heldUntil);
}

/**
 * What every buyer sees at `now`: Sold is final; a paid reservation that has not lapsed is
 * Reserved (the domain's rule); a plate held for a pending payment also reads Reserved, so
 * nobody else opens it; anything else is Available. reservedUntil says until when.
 */
export function listingStatusAt(
  listing: Omit<ListingState, 'id' | 'number' | 'price' | 'type' | 'featured' | 'description'>,
  now: Date,
): { status: PlateStatus; reservedUntil: string | null } {
  const status = effectiveStatus(listing, now);
  if (status === 'Sold') return { status, reservedUntil: null };
  if (status === 'Reserved') return { status, reservedUntil: listing.reservedUntil };
  if (holdIsLive(listing, now)) return { status: 'Reserved', reservedUntil: listing.heldUntil };
  return { status: 'Available', reservedUntil: null };
}

export interface PurchaseOrder {
  id: string;
  listingId: string;
  plateNumber: string;
  buyerId: string;
  /** Whose the plate is, as the buyer gave it at the checkout: its registration is only to this NRC. */
  ownerName: string;
  ownerNrc: string;
  paymentId: string;
  price: Ngwee;
  reservationCredit: Ngwee;
  total: Ngwee;
  status: string;
  createdAt: string;
  /** The vehicle as the buyer gave it at Buy Now ('' before Buy Now asked). */
  vehicle: string;
  /** The plate shop the buyer chose; null: left to the administrator. */
  shopId: string | null;
  /** Where to deliver, when the buyer asked for delivery; null: collected. */
  deliveryAddress: string | null;
}

/** What Buy Now asked besides the owner, kept on the payment until it is approved. */
export interface CheckoutCollection {
  vehicle: string;
  shopId: string | null;
  deliveryAddress: string | null;
}

/** A marketplace order joined with its buyer, payment and refund (listForAdmin). */
export interface AdminOrderRow {
  id: string;
  plate_number: string;
  status: string;
  total_ngwee: string | number;
  created_at: Date | string;
  owner_name: string;
  owner_nrc: string;
  buyer_name: string;
  buyer_email: string;
  buyer_phone: string | null;
  payment_number: string | number;
  payment_status: string;
  refund_status: string | null;
}

interface OrderRow {
  id: string;
  listing_id: string;
  plate_number: string;
  buyer_id: string;
  owner_name: string;
  owner_nrc: string;
  payment_id: string;
  price_ngwee: string | number;
  reservation_credit_ngwee: string | number;
  total_ngwee: string | number;
  status: string;
  created_at: Date | string;
  vehicle: string;
  shop_id: string | null;
  delivery_address: string | null;
}

const toOrder = (row: OrderRow): PurchaseOrder => ({
  id: row.id,
  listingId: row.listing_id,
  plateNumber: row.plate_number,
  buyerId: row.buyer_id,
  ownerName: row.owner_name,
  ownerNrc: row.owner_nrc,
  paymentId: row.payment_id,
  price: ngwee(Number(row.price_ngwee)),
  reservationCredit: ngwee(Number(row.reservation_credit_ngwee)),
  total: ngwee(Number(row.total_ngwee)),
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  vehicle: row.vehicle,
  shopId: row.shop_id,
  deliveryAddress: row.delivery_address,
});

export function purchaseRepository(db: Queryable) {
  return {
    /**
     * The listing, locked until the transaction ends: two buyers of one plate are decided one
     * after the other, and the second sees what the first did.
     */
    async lockListing(id: string): Promise<ListingState | undefined> {
      const [row] = await db.query<ListingRow>(
        `SELECT ${LISTING_COLUMNS} FROM plate_listings WHERE id = $1 FOR UPDATE`,
        [id],
      );
      return row ? toListingState(row) : undefined;
    },

    async findListing(id: string): Promise<ListingState | undefined> {
      const [row] = await db.query<ListingRow>(`SELECT ${LISTING_COLUMNS} FROM plate_listings WHERE id = $1`, [id]);
      return row ? toListingState(row) : undefined;
    },

    async hold(listingId: string, hold: { buyerId: string; paymentId: string; until: Date }): Promise<void> {
      await db.query(
        'UPDATE plate_listings SET held_by = $2, held_until = $3, hold_payment_id = $4, version = version + 1, updated_at = now() WHERE id = $1',
        [listingId, hold.buyerId, hold.until, hold.paymentId],
      );
    },

    /** Ends the hold of this payment (declined, timed out); another payment's hold is left alone. */
    async releaseHold(listingId: string, paymentId: string): Promise<void> {
      await db.query(
        'UPDATE plate_listings SET held_by = NULL, held_until = NULL, hold_payment_id = NULL, version = version + 1, updated_at = now() WHERE id = $1 AND hold_payment_id = $2',
        [listingId, paymentId],
      );
    },

    async reserve(listingId: string, reservation: { buyerId: string; paymentId: string; until: Date }): Promise<void> {
      await db.query(
        `UPDATE plate_listings SET status = 'Reserved', reserved_by = $2, reserved_until = $3, reservation_payment_id = $4,
           held_by = NULL, held_until = NULL, hold_payment_id = NULL, version = version + 1, updated_at = now()
         WHERE id = $1`,
        [listingId, reservation.buyerId, reservation.until, reservation.paymentId],
      );
    },

    /** Ends a reservation before its time: the plate is Available again. */
    async cancelReservation(listingId: string): Promise<void> {
      await db.query(
        `UPDATE plate_listings SET status = 'Available', reserved_by = NULL, reserved_until = NULL, reservation_payment_id = NULL, version = version + 1, updated_at = now()
         WHERE id = $1`,
        [listingId],
      );
    },

    async sell(listingId: string, sale: { buyerId: string; at: Date }): Promise<void> {
      await db.query(
        `UPDATE plate_listings SET status = 'Sold', sold_to = $2, sold_at = $3, reserved_by = NULL, reserved_until = NULL, reservation_payment_id = NULL,
           held_by = NULL, held_until = NULL, hold_payment_id = NULL, version = version + 1, updated_at = now()
         WHERE id = $1`,
        [listingId, sale.buyerId, sale.at],
      );
    },

    async addOrder(order: Omit<PurchaseOrder, 'id' | 'status'>): Promise<PurchaseOrder> {
      const [next] = await db.query<{ n: string }>("SELECT nextval('purchase_order_number_seq')::text AS n");
      const id = `PO-${(next?.n ?? '').padStart(6, '0')}`;
      const [row] = await db.query<OrderRow>(
        `INSERT INTO purchase_orders (id, listing_id, plate_number, buyer_id, payment_id, price_ngwee, reservation_credit_ngwee, total_ngwee, created_at, owner_name, owner_nrc,
           vehicle, shop_id, delivery_address)
         VALUES ($9, $1, $2, $3, $4, $5, $6, $7, $8, $10, $11, $12, $13, $14) RETURNING *`,
        [
          order.listingId,
          order.plateNumber,
          order.buyerId,
          order.paymentId,
          order.price,
          order.reservationCredit,
          order.total,
          order.createdAt,
          id,
          order.ownerName,
          order.ownerNrc,
          order.vehicle,
          order.shopId,
          order.deliveryAddress,
        ],
      );
      if (!row) throw new Error('order insert returned no row');
      return toOrder(row);
    },

    /** Keeps Buy Now's vehicle, shop and delivery with its payment, until the payment is approved. */
    async setCheckoutCollection(paymentId: string, collection: CheckoutCollection): Promise<void> {
      await db.query('UPDATE payments SET collection = $2 WHERE id = $1', [paymentId, JSON.stringify(collection)]);
    },

    async checkoutCollectionOf(paymentId: string): Promise<CheckoutCollection | undefined> {
      const [row] = await db.query<{ collection: CheckoutCollection | null }>(
        'SELECT collection FROM payments WHERE id = $1',
        [paymentId],
      );
      return row?.collection ?? undefined;
    },

    async findOrder(id: string, options: { forUpdate?: boolean } = {}): Promise<PurchaseOrder | undefined> {
      const [row] = await db.query<OrderRow>(
        `SELECT * FROM purchase_orders WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
        [id],
      );
      return row ? toOrder(row) : undefined;
    },

    async setOrderStatus(id: string, status: string): Promise<void> {
      await db.query('UPDATE purchase_orders SET status = $2 WHERE id = $1', [id, status]);
    },

    /** Whether a shop has recorded making the plate (manufacturing has started). */
    async manufacturingStarted(plateNumber: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM manufacturing_records WHERE plate_number = $1 LIMIT 1', [plateNumber]);
      return rows.length > 0;
    },

    /** A sold listing for sale again (its order was cancelled before manufacturing). */
    async returnToSale(listingId: string): Promise<void> {
      await db.query(
        `UPDATE plate_listings SET status = 'Available', sold_to = NULL, sold_at = NULL, version = version + 1, updated_at = now()
         WHERE id = $1 AND status = 'Sold'`,
        [listingId],
      );
    },

    /** The newest marketplace orders with their buyer, payment and refund, for the administrator's search. */
    async listForAdmin(limit: number): Promise<AdminOrderRow[]> {
      return db.query<AdminOrderRow>(
        `SELECT po.id, po.plate_number, po.status, po.total_ngwee, po.created_at, po.owner_name, po.owner_nrc,
                u.name AS buyer_name, u.email AS buyer_email, u.phone AS buyer_phone,
                p.number AS payment_number, p.status AS payment_status, r.status AS refund_status
           FROM purchase_orders po
           JOIN users u ON u.id = po.buyer_id
           JOIN payments p ON p.id = po.payment_id
           LEFT JOIN refunds r ON r.payment_id = po.payment_id
          ORDER BY po.created_at DESC, po.id DESC
          LIMIT $1`,
        [limit],
      );
    },

    async ordersOf(buyerId: string): Promise<PurchaseOrder[]> {
      const rows = await db.query<OrderRow>(
        'SELECT * FROM purchase_orders WHERE buyer_id = $1 ORDER BY created_at DESC',
        [buyerId],
      );
      return rows.map(toOrder);
    },

    async orderForPayment(paymentId: string): Promise<PurchaseOrder | undefined> {
      const [row] = await db.query<OrderRow>('SELECT * FROM purchase_orders WHERE payment_id = $1', [paymentId]);
      return row ? toOrder(row) : undefined;
    },

    /** Listings this buyer has reserved and whose reservation has not lapsed at `now`. */
    async reservationsOf(buyerId: string, now: Date): Promise<ListingState[]> {
      const rows = await db.query<ListingRow>(
        `SELECT ${LISTING_COLUMNS} FROM plate_listings WHERE reserved_by = $1 AND status = 'Reserved' AND reserved_until > $2 ORDER BY reserved_until`,
        [buyerId, now],
      );
      return rows.map(toListingState);
    },
  };
}
