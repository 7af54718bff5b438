-- The change log devices pull from, and the plate-maker agent's records.

-- One row per change to a row a device keeps, with the scopes that may see it,
-- written in the same transaction as the change. txid is the writing transaction:
-- pulls only read below the oldest transaction still running (pg_snapshot_xmin), so
-- a change that commits late is never skipped by a cursor that has moved past it.
CREATE TABLE change_log (
  seq bigserial PRIMARY KEY,
  txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  scopes text[] NOT NULL,
  entity text NOT NULL,
  entity_id text NOT NULL,
  op text NOT NULL CHECK (op IN ('put', 'delete')),
  data jsonb,
  at timestamptz NOT NULL DEFAULT now()
);

-- Pulls walk the log in (txid, seq) order from a cursor and keep the rows of their
-- scopes; a device that has synced once walks only what is new since.
CREATE INDEX change_log_order_idx ON change_log (txid, seq);

CREATE SEQUENCE agent_order_number_seq START 1;

CREATE TABLE agent_orders (
  id text PRIMARY KEY,
  agent_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  customer_name text NOT NULL,
  customer_nrc text NOT NULL,
  customer_phone text NOT NULL,
  plate_number text NOT NULL,
  plate_type text NOT NULL,
  vehicle text NOT NULL,
  status text NOT NULL,
  collection_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX agent_orders_agent_idx ON agent_orders (agent_id);

CREATE TABLE whitebook_entries (
  id text PRIMARY KEY,
  agent_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plate_number text NOT NULL,
  vehicle_make text NOT NULL,
  vehicle_model text NOT NULL,
  owner_name text NOT NULL,
  sale_date date NOT NULL,
  registration_number text NOT NULL,
  entitlement_reference text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A plate number is sold (embossed) once: a second whitebook sale of it is a clone.
CREATE UNIQUE INDEX whitebook_entries_plate_key ON whitebook_entries (plate_number);

CREATE TABLE manufacturing_records (
  id text PRIMARY KEY,
  agent_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plate_number text NOT NULL,
  status text NOT NULL,
  batch_number text NOT NULL,
  production_date date NOT NULL,
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE agent_inventory_items (
  id text PRIMARY KEY,
  agent_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_type text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  batch_number text NOT NULL,
  received_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
