/**
 * The plate-maker agent's records and orders. Every write also records the change
 * for the agent's shop and for administrators, in the same transaction, so their
 * devices pull it.
 */
import type { AgentOrder, InventoryItem, ManufacturingRecord, WhitebookEntry } from '#domain/agent/workspace';
import type { Scope } from '#domain/sync/scopes';
import type { Queryable } from '../db/database';
import { changeLogRepository } from './change-log-repository';

export type StoredWhitebookEntry = WhitebookEntry & { agentId: string; createdAt: string };
export type StoredManufacturingRecord = ManufacturingRecord & { agentId: string; createdAt: string };
export type StoredInventoryItem = InventoryItem & { agentId: string; createdAt: string };

/** The entity names devices know each table by. */
export const AGENT_ENTITIES = {
  order: 'agentOrder',
  whitebook: 'whitebookEntry',
  manufacturing: 'manufacturingRecord',
  inventory: 'inventoryItem',
} as const;

const shopScopes = (agentId: string): Scope[] => [`agent:${agentId}`, 'admin'];
const day = (value: Date | string) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));
const iso = (value: Date | string) => new Date(value).toISOString();

interface OrderRow {
  id: string;
  agent_id: string;
  customer_name: string;
  customer_nrc: string;
  customer_phone: string;
  plate_number: string;
  plate_type: string;
  vehicle: string;
  status: AgentOrder['status'];
  collection_date: Date | string;
  created_at: Date | string;
}

const toOrder = (row: OrderRow): AgentOrder => ({
  id: row.id,
  agentId: row.agent_id,
  customerName: row.customer_name,
  customerNrc: row.customer_nrc,
  customerPhone: row.customer_phone,
  plateNumber: row.plate_number,
  plateType: row.plate_type,
  vehicle: row.vehicle,
  status: row.status,
  collectionDate: day(row.collection_date),
  createdAt: iso(row.created_at),
});

export type NewAgentOrder = Omit<AgentOrder, 'id' | 'createdAt' | 'status'> & { id?: string; status?: AgentOrder['status']; createdAt?: string };

export function agentRepository(db: Queryable) {
  const log = changeLogRepository(db);
  const put = (agentId: string, entity: string, id: string, data: object) => log.record(shopScopes(agentId), entity, id, 'put', { ...data });

  return {
    /**
     * 'added'; 'exists' when this entry is already stored (the same change sent
     * again); or the earlier sale when the plate number is already in a whitebook.
     */
    async addWhitebookEntry(agentId: string, entry: WhitebookEntry): Promise<'added' | 'exists' | { soldOn: string }> {
      // The row and its change-log entry in one statement: the entry only if the row was added.
      const rows = await db.query<{ created_at: Date }>(
        `WITH added AS (
           INSERT INTO whitebook_entries (id, agent_id, plate_number, vehicle_make, vehicle_model, owner_name, sale_date, registration_number, entitlement_reference)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING created_at
         ), logged AS (
           INSERT INTO change_log (scopes, entity, entity_id, op, data)
           SELECT $10::text[], $11, $1, 'put', $12::jsonb || jsonb_build_object('createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
           FROM added
         )
         SELECT created_at FROM added`,
        [
          entry.id,
          agentId,
          entry.plateNumber,
          entry.vehicleMake,
          entry.vehicleModel,
          entry.ownerName,
          entry.saleDate,
          entry.registrationNumber,
          entry.entitlementReference,
          shopScopes(agentId),
          AGENT_ENTITIES.whitebook,
          JSON.stringify({ ...entry, agentId } satisfies Omit<StoredWhitebookEntry, 'createdAt'>),
        ],
      );
      if (!rows[0]) {
        const [earlier] = await db.query<{ id: string; sale_date: Date | string }>('SELECT id, sale_date FROM whitebook_entries WHERE id = $1 OR plate_number = $2 ORDER BY (id = $1) DESC LIMIT 1', [entry.id, entry.plateNumber]);
        return !earlier || earlier.id === entry.id ? 'exists' : { soldOn: day(earlier.sale_date) };
      }
      return 'added';
    },

    async addManufacturingRecord(agentId: string, record: ManufacturingRecord): Promise<boolean> {
      const rows = await db.query<{ created_at: Date }>(
        `INSERT INTO manufacturing_records (id, agent_id, plate_number, status, batch_number, production_date, notes)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING RETURNING created_at`,
        [record.id, agentId, record.plateNumber, record.status, record.batchNumber, record.productionDate, record.notes],
      );
      const created = rows[0];
      if (!created) return false;
      await put(agentId, AGENT_ENTITIES.manufacturing, record.id, { ...record, agentId, createdAt: iso(created.created_at) } satisfies StoredManufacturingRecord);
      return true;
    },

    async addInventoryItem(agentId: string, item: InventoryItem): Promise<boolean> {
      const rows = await db.query<{ created_at: Date }>(
        `INSERT INTO agent_inventory_items (id, agent_id, item_type, quantity, batch_number, received_date)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING RETURNING created_at`,
        [item.id, agentId, item.itemType, item.quantity, item.batchNumber, item.receivedDate],
      );
      const created = rows[0];
      if (!created) return false;
      await put(agentId, AGENT_ENTITIES.inventory, item.id, { ...item, agentId, createdAt: iso(created.created_at) } satisfies StoredInventoryItem);
      return true;
    },

    /** An order for a shop (from an approved request; seeded until request review exists). Skips an id that exists. */
    async addOrder(order: NewAgentOrder): Promise<AgentOrder | undefined> {
      const rows = await db.query<OrderRow>(
        `INSERT INTO agent_orders (id, agent_id, customer_name, customer_nrc, customer_phone, plate_number, plate_type, vehicle, status, collection_date, created_at)
         VALUES (coalesce($1, (SELECT 'ORD-' || lpad(n::text, greatest(3, length(n::text)), '0') FROM (SELECT nextval('agent_order_number_seq') AS n) AS next)), $2, $3, $4, $5, $6, $7, $8, $9, $10, coalesce($11::timestamptz, now()))
         ON CONFLICT (id) DO NOTHING RETURNING *`,
        [order.id ?? null, order.agentId, order.customerName, order.customerNrc, order.customerPhone, order.plateNumber, order.plateType, order.vehicle, order.status ?? 'Pending', order.collectionDate, order.createdAt ?? null],
      );
      const row = rows[0];
      if (!row) return undefined;
      // An order given its number (the demo seed) moves the counter past it, so numbered ones never clash.
      const number = /^ORD-(\d+)$/.exec(row.id)?.[1];
      if (order.id !== undefined && number) {
        await db.query("SELECT setval('agent_order_number_seq', greatest($1::bigint, (SELECT last_value FROM agent_order_number_seq)))", [number]);
      }
      const stored = toOrder(row);
      await put(stored.agentId, AGENT_ENTITIES.order, stored.id, stored);
      return stored;
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
