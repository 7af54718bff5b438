/**
 * The plate-maker agent's records and orders. Every write also records the change
 * for the agent's shop and for administrators, in the same transaction, so their
 * devices pull it.
 */
import type { AgentOrder, InventoryItem, ManufacturingRecord, WhitebookEntry } from '#domain/agent/workspace';
import type { Scope } from '#domain/sync/scopes';
import { randomBytes, webcrypto } from 'node:crypto';
import { makeNrcCheck, type NrcCheck } from '#domain/agent/nrc-check';
import { formatBlankSerial } from '#domain/serials/blank-serial';
import { serialNumber } from '#domain/serials/serial-schemas';
import type { Queryable } from '../db/database';
import { changeLogRepository, logRowsOf } from './change-log-repository';

export type StoredWhitebookEntry = WhitebookEntry & { agentId: string; createdAt: string };
export type StoredManufacturingRecord = ManufacturingRecord & {
  agentId: string;
  createdAt: string;
  updatedAt: string;
  history: ManufacturingVersion[];
};
export type StoredInventoryItem = InventoryItem & { agentId: string; createdAt: string };

/** The entity names devices know each table by. */
export const AGENT_ENTITIES = {
  order: 'agentOrder',
  whitebook: 'whitebookEntry',
  manufacturing: 'manufacturingRecord',
  inventory: 'inventoryItem',
} as const;

const shopScopes = (agentId: string): Scope[] => [`agent:${agentId}`, 'admin'];
const day = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
const iso = (value: Date | string) => new Date(value).toISOString();

interface OrderRow {
  id: string;
  agent_id: string;
  customer_name: string;
  customer_nrc: string;
  nrc_check: NrcCheck | string | null;
  customer_phone: string;
  plate_number: string;
  plate_type: string;
  vehicle: string;
  status: AgentOrder['status'];
  collection_date: Date | string;
  created_at: Date | string;
  reference: string;
  request_id: string | null;
  delivery_address: string | null;
}

const toOrder = (row: OrderRow): AgentOrder => ({
  id: row.id,
  agentId: row.agent_id,
  customerName: row.customer_name,
  // The NRC itself stays on the server: devices get what checks it.
  nrcCheck: typeof row.nrc_check === 'string' ? (JSON.parse(row.nrc_check) as NrcCheck) : row.nrc_check,
  customerPhone: row.customer_phone,
  plateNumber: row.plate_number,
  plateType: row.plate_type,
  vehicle: row.vehicle,
  status: row.status,
  collectionDate: day(row.collection_date),
  createdAt: iso(row.created_at),
  reference: row.reference,
  requestId: row.request_id,
  deliveryAddress: row.delivery_address,
});

interface ManufacturingRow {
  id: string;
  agent_id: string;
  plate_number: string;
  status: ManufacturingRecord['status'];
  batch_number: string;
  production_date: Date | string;
  notes: string;
  front_serial: number | null;
  rear_serial: number | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** One version of a plate's manufacturing record, as its history shows it. */
export interface ManufacturingVersion {
  status: ManufacturingRecord['status'];
  batchNumber: string;
  productionDate: string;
  notes: string;
  recordedAt: string;
}

/** A number an entitlement document is for, and whose it is. */
export interface Entitlement {
  plateNumber: string;
  ownerName: string;
  ownerNrc: string;
}

export type NewAgentOrder = Omit<
  AgentOrder,
  'id' | 'createdAt' | 'status' | 'nrcCheck' | 'reference' | 'requestId' | 'deliveryAddress'
> & {
  /** Where to deliver the plates, when the buyer asked for delivery (none: collected from the shop). */
  deliveryAddress?: string | null;
  /** What created the order: the buyer's LP-/PO- reference and the application's REQ- (none for the demo shop's own work). */
  reference?: string;
  requestId?: string | null;
  /** The customer's NRC number ('' when the order names none). */
  customerNrc: string;
  id?: string;
  status?: AgentOrder['status'];
  createdAt?: string;
};

export function agentRepository(db: Queryable) {
  const log = changeLogRepository(db);
  const put = (agentId: string, entity: string, id: string, data: object) =>
    log.record(shopScopes(agentId), entity, id, 'put', { ...data });

  /** The record as devices hold it: its latest details and every version, oldest first. */
  async function storedManufacturing(row: ManufacturingRow): Promise<StoredManufacturingRecord> {
    const versions = await db.query<{
      status: ManufacturingRecord['status'];
      batch_number: string;
      production_date: Date | string;
      notes: string;
      recorded_at: Date | string;
    }>(
      'SELECT status, batch_number, production_date, notes, recorded_at FROM manufacturing_record_history WHERE record_id = $1 ORDER BY seq',
      [row.id],
    );
    return {
      id: row.id,
      agentId: row.agent_id,
      plateNumber: row.plate_number as ManufacturingRecord['plateNumber'],
      status: row.status,
      batchNumber: row.batch_number,
      productionDate: day(row.production_date),
      notes: row.notes,
      // '' on a record made before serials were kept (migration 0025).
      frontSerial: row.front_serial === null ? '' : formatBlankSerial(row.front_serial),
      rearSerial: row.rear_serial === null ? '' : formatBlankSerial(row.rear_serial),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      history: versions.map((version) => ({
        status: version.status,
        batchNumber: version.batch_number,
        productionDate: day(version.production_date),
        notes: version.notes,
        recordedAt: iso(version.recorded_at),
      })),
    };
  }

  return {
    /**
     * 'added'; 'exists' when this entry is already stored (the same change sent
     * again); or the earlier sale when the plate number is already in a whitebook.
     */
    /**
     * Whitebook entries, in order, and their change-log entries, in one statement:
     * 'added'; 'exists' (this entry, sent before); or when its plate was sold before
     * (a second sale, refused) the earlier sale's date. A refused entry writes nothing.
     */
    async addWhitebookEntries(
      agentId: string,
      entries: readonly WhitebookEntry[],
    ): Promise<Array<'added' | 'exists' | { soldOn: string }>> {
      if (entries.length === 0) return [];
      // Each stored entry goes on the shop's devices, in the order sent: logged by the same
      // statement, with the time it was stored. The entries travel as one JSON array (no
      // array literal to escape, value by value), each as the change-log record's data too.
      const added = await db.query<{ id: string; created_at: string }>(
        `WITH input AS (
           SELECT sent.value || jsonb_build_object('agentId', $2::text) AS data, sent.ord, entry.*
           FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS sent(value, ord)
           CROSS JOIN LATERAL jsonb_to_record(sent.value) AS entry(
             id text, "plateNumber" text, "vehicleMake" text, "vehicleModel" text, "ownerName" text, "saleDate" date,
             "registrationNumber" text, "entitlementReference" text, "ownerNrc" text, "vehicleColour" text,
             "vehicleYear" int, "chassisNumber" text)),
         added AS (
           INSERT INTO whitebook_entries (id, agent_id, plate_number, vehicle_make, vehicle_model, owner_name, sale_date, registration_number,
             entitlement_reference, owner_nrc, vehicle_colour, vehicle_year, chassis_number)
           SELECT id, $2, "plateNumber", "vehicleMake", "vehicleModel", "ownerName", "saleDate", "registrationNumber",
             "entitlementReference", "ownerNrc", "vehicleColour", "vehicleYear", "chassisNumber"
           FROM input ORDER BY ord
           ON CONFLICT DO NOTHING
           RETURNING id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at),
         logged AS (
           SELECT $3::text[] AS scopes, $4::text AS entity, input.id AS entity_id, 'put' AS op,
             input.data || jsonb_build_object('createdAt', added.created_at) AS data, input.ord
           FROM input JOIN added ON added.id = input.id),
         log AS (${logRowsOf('logged')})
         SELECT id, created_at FROM added`,
        [JSON.stringify(entries), agentId, shopScopes(agentId), AGENT_ENTITIES.whitebook],
      );
      const addedIds = new Set(added.map((row) => row.id));
      const others = entries.filter((entry) => !addedIds.has(entry.id));
      const earlier =
        others.length === 0
          ? []
          : await db.query<{ id: string; plate_number: string; sale_date: Date | string }>(
              'SELECT id, plate_number, sale_date FROM whitebook_entries WHERE id = ANY($1::text[]) OR plate_number = ANY($2::text[])',
              [others.map((entry) => entry.id), others.map((entry) => entry.plateNumber)],
            );
      const ids = new Set(earlier.map((row) => row.id));
      const soldOn = new Map(earlier.map((row) => [row.plate_number, day(row.sale_date)]));
      return entries.map((entry) => {
        if (addedIds.has(entry.id)) return 'added';
        const sold = soldOn.get(entry.plateNumber);
        return ids.has(entry.id) || sold === undefined ? 'exists' : { soldOn: sold };
      });
    },

    /**
     * The shop's one record of a plate's manufacturing, written or brought up to date, each
     * version kept in its history. A record sent under a new id for a plate the shop has
     * already recorded updates that record: devices are told to drop the copy. 'unchanged'
     * when this version is already the record's (the same change sent again).
     */
    /** What the whitebook sale of a plate recorded, as a reviewer reads it; undefined when none was. */
    async saleOf(
      plateNumber: string,
    ): Promise<
      | { ownerName: string; ownerNrc: string; vehicle: string; saleDate: string; entitlementReference: string }
      | undefined
    > {
      const [row] = await db.query<{
        owner_name: string;
        owner_nrc: string;
        vehicle: string;
        sale_date: string;
        entitlement_reference: string;
      }>(
        `SELECT owner_name, owner_nrc, vehicle_colour || ' ' || vehicle_make || ' ' || vehicle_model AS vehicle, to_char(sale_date, 'YYYY-MM-DD') AS sale_date, entitlement_reference
           FROM whitebook_entries WHERE plate_number = $1`,
        [plateNumber],
      );
      return row
        ? {
            ownerName: row.owner_name,
            ownerNrc: row.owner_nrc,
            vehicle: row.vehicle,
            saleDate: row.sale_date,
            entitlementReference: row.entitlement_reference,
          }
        : undefined;
    },

    /** The id of the shop's one manufacturing record of a plate. */
    async manufacturingRecordId(agentId: string, plateNumber: string): Promise<string | undefined> {
      const [row] = await db.query<{ id: string }>(
        'SELECT id FROM manufacturing_records WHERE agent_id = $1 AND plate_number = $2',
        [agentId, plateNumber],
      );
      return row?.id;
    },

    async saveManufacturingRecord(
      agentId: string,
      record: ManufacturingRecord,
    ): Promise<'added' | 'updated' | 'unchanged'> {
      const [existing] = await db.query<ManufacturingRow>(
        'SELECT * FROM manufacturing_records WHERE agent_id = $1 AND plate_number = $2 FOR UPDATE',
        [agentId, record.plateNumber],
      );
      let stored: ManufacturingRow | undefined;
      if (!existing) {
        [stored] = await db.query<ManufacturingRow>(
          `INSERT INTO manufacturing_records (id, agent_id, plate_number, status, batch_number, production_date, notes, front_serial, rear_serial)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING *`,
          [
            record.id,
            agentId,
            record.plateNumber,
            record.status,
            record.batchNumber,
            record.productionDate,
            record.notes,
            serialNumber(record.frontSerial),
            serialNumber(record.rearSerial),
          ],
        );
        if (!stored) {
          // Another device of the shop recorded this plate at the same moment: update that record instead.
          const [raced] = await db.query<{ id: string }>(
            'SELECT id FROM manufacturing_records WHERE agent_id = $1 AND plate_number = $2',
            [agentId, record.plateNumber],
          );
          // Otherwise the id is another plate's record: a device's row does not move to another plate.
          return raced ? this.saveManufacturingRecord(agentId, record) : 'unchanged';
        }
      } else {
        const same =
          existing.status === record.status &&
          existing.batch_number === record.batchNumber &&
          day(existing.production_date) === record.productionDate &&
          existing.notes === record.notes &&
          existing.front_serial === serialNumber(record.frontSerial) &&
          existing.rear_serial === serialNumber(record.rearSerial);
        if (same && existing.id === record.id) return 'unchanged';
        if (!same) {
          [stored] = await db.query<ManufacturingRow>(
            // A record's blanks are set once (the intent refuses a change): a record made before serials were kept gets them now.
            `UPDATE manufacturing_records SET status = $2, batch_number = $3, production_date = $4, notes = $5,
               front_serial = coalesce(front_serial, $6), rear_serial = coalesce(rear_serial, $7), updated_at = now() WHERE id = $1 RETURNING *`,
            [
              existing.id,
              record.status,
              record.batchNumber,
              record.productionDate,
              record.notes,
              serialNumber(record.frontSerial),
              serialNumber(record.rearSerial),
            ],
          );
        }
        // The device wrote this version as a second row: it goes, the one record stays.
        if (existing.id !== record.id)
          await log.record(shopScopes(agentId), AGENT_ENTITIES.manufacturing, record.id, 'delete', null);
        if (!stored) {
          await put(agentId, AGENT_ENTITIES.manufacturing, existing.id, await storedManufacturing(existing));
          return 'unchanged';
        }
      }
      await db.query(
        'INSERT INTO manufacturing_record_history (record_id, status, batch_number, production_date, notes) VALUES ($1, $2, $3, $4, $5)',
        [stored.id, stored.status, stored.batch_number, day(stored.production_date), stored.notes],
      );
      await put(agentId, AGENT_ENTITIES.manufacturing, stored.id, await storedManufacturing(stored));
      return existing ? 'updated' : 'added';
    },

    /**
     * What each of these entitlement references entitles the shop to sell: the numbers it is
     * for, each with the owner's name and NRC as the order named them. A reference is the
     * shop's when it is one of its orders (ORD-…), an application whose plates it was given
     * (LP-…, REQ-…; numbers released by a rejection are no longer in it) or a marketplace order
     * (PO-…) for a plate it makes or that waits for any shop. Compared without regard to case
     * or surrounding spaces; a reference that is not the shop's is absent from the map.
     */
    async entitlements(agentId: string, references: readonly string[]): Promise<Map<string, Entitlement[]>> {
      if (references.length === 0) return new Map();
      const rows = await db.query<{ given_ref: string; plate_number: string; owner_name: string; owner_nrc: string }>(
        // The input is named given_ref: plate_requests has a column "reference" that would shadow it.
        `WITH input AS (SELECT given_ref, upper(btrim(given_ref)) AS ref FROM unnest($2::text[]) AS t(given_ref))
         SELECT input.given_ref, o.plate_number, o.customer_name AS owner_name, o.customer_nrc AS owner_nrc
           FROM input JOIN agent_orders o ON upper(o.id) = input.ref AND o.agent_id = $1
         UNION ALL
         SELECT input.given_ref, rp.plate_number, q.applicant_name, q.nrc_number
           FROM input JOIN plate_requests q ON (upper(q.reference) = input.ref OR upper(q.id) = input.ref) AND q.agent_id = $1
           JOIN request_plates rp ON rp.request_id = q.id AND rp.released_at IS NULL
         UNION ALL
         SELECT input.given_ref, p.plate_number, p.owner_name, p.owner_nrc
           FROM input JOIN plates p ON upper(p.source_ref) = input.ref AND (p.agent_id = $1 OR p.agent_id IS NULL)`,
        [agentId, [...new Set(references)]],
      );
      const found = new Map<string, Entitlement[]>();
      for (const row of rows) {
        const list = found.get(row.given_ref) ?? [];
        // One number can be reached twice (an application's plate and its order): kept once.
        if (!list.some((known) => known.plateNumber === row.plate_number))
          list.push({ plateNumber: row.plate_number, ownerName: row.owner_name, ownerNrc: row.owner_nrc });
        found.set(row.given_ref, list);
      }
      return found;
    },

    /**
     * Which of these numbers the shop was given to make: on one of its orders, or held for an
     * owner with the shop assigned to make it.
     */
    async numbersGiven(agentId: string, plateNumbers: readonly string[]): Promise<Set<string>> {
      if (plateNumbers.length === 0) return new Set();
      const rows = await db.query<{ plate_number: string }>(
        `SELECT plate_number FROM agent_orders WHERE agent_id = $1 AND plate_number = ANY($2::text[])
         UNION SELECT plate_number FROM plates WHERE agent_id = $1 AND plate_number = ANY($2::text[])`,
        [agentId, [...new Set(plateNumbers)]],
      );
      return new Set(rows.map((row) => row.plate_number));
    },

    /** An order of the shop's, or undefined when it is not one of theirs. */
    async findOrder(agentId: string, orderId: string): Promise<AgentOrder | undefined> {
      const [row] = await db.query<OrderRow>('SELECT * FROM agent_orders WHERE id = $1 AND agent_id = $2', [
        orderId,
        agentId,
      ]);
      return row ? toOrder(row) : undefined;
    },

    async addInventoryItem(agentId: string, item: InventoryItem): Promise<boolean> {
      const rows = await db.query<{ created_at: Date }>(
        `INSERT INTO agent_inventory_items (id, agent_id, item_type, quantity, batch_number, received_date, allocation_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING RETURNING created_at`,
        [item.id, agentId, item.itemType, item.quantity, item.batchNumber, item.receivedDate, item.allocationId],
      );
      const created = rows[0];
      if (!created) return false;
      await put(agentId, AGENT_ENTITIES.inventory, item.id, {
        ...item,
        agentId,
        createdAt: iso(created.created_at),
      } satisfies StoredInventoryItem);
      return true;
    },

    /** An order for a shop (from an approved request; seeded until request review exists). Skips an id that exists. */
    async addOrder(order: NewAgentOrder): Promise<AgentOrder | undefined> {
      const nrcCheck =
        order.customerNrc.trim() === ''
          ? null
          : await makeNrcCheck(webcrypto.subtle as SubtleCrypto, order.customerNrc, randomBytes(16));
      const rows = await db.query<OrderRow>(
        `INSERT INTO agent_orders (id, agent_id, customer_name, customer_nrc, customer_phone, plate_number, plate_type, vehicle, status, collection_date, created_at, nrc_check, reference, request_id, delivery_address)
         VALUES (coalesce($1, (SELECT 'ORD-' || lpad(n::text, greatest(3, length(n::text)), '0') FROM (SELECT nextval('agent_order_number_seq') AS n) AS next)), $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($11::timestamptz, now()), $12, $13, $14, $15)
         ON CONFLICT (id) DO NOTHING RETURNING *`,
        [
          order.id ?? null,
          order.agentId,
          order.customerName,
          order.customerNrc,
          order.customerPhone,
          order.plateNumber,
          order.plateType,
          order.vehicle,
          order.status ?? 'Pending',
          order.collectionDate,
          order.createdAt ?? null,
          nrcCheck === null ? null : JSON.stringify(nrcCheck),
          order.reference?.trim() ?? '',
          order.requestId ?? null,
          order.deliveryAddress?.trim() || null,
        ],
      );
      const row = rows[0];
      if (!row) return undefined;
      // An order given its number (the demo seed) moves the counter past it, so numbered ones never clash.
      const number = /^ORD-(\d+)$/.exec(row.id)?.[1];
      if (order.id !== undefined && number) {
        await db.query(
          "SELECT setval('agent_order_number_seq', greatest($1::bigint, (SELECT last_value FROM agent_order_number_seq)))",
          [number],
        );
      }
      const stored = toOrder(row);
      await put(stored.agentId, AGENT_ENTITIES.order, stored.id, stored);
      return stored;
    },

    /** The order now names what created it (an order seeded before its application): its devices get it again. */
    async setOrderReferences(orderId: string, references: { reference: string; requestId: string | null }) {
      const rows = await db.query<OrderRow>(
        'UPDATE agent_orders SET reference = $2, request_id = $3, updated_at = now() WHERE id = $1 RETURNING *',
        [orderId, references.reference, references.requestId],
      );
      const row = rows[0];
      if (!row) return undefined;
      const order = toOrder(row);
      await put(order.agentId, AGENT_ENTITIES.order, order.id, order);
      return order;
    },

    /** A plate collected: the shop's pending order for it is fulfilled. */
    async fulfilOrdersForPlate(agentId: string, plateNumber: string): Promise<AgentOrder[]> {
      const rows = await db.query<OrderRow>(
        "UPDATE agent_orders SET status = 'Fulfilled', updated_at = now() WHERE agent_id = $1 AND plate_number = $2 AND status = 'Pending' RETURNING *",
        [agentId, plateNumber],
      );
      const orders = rows.map(toOrder);
      for (const order of orders) await put(agentId, AGENT_ENTITIES.order, order.id, order);
      return orders;
    },
  };
}
