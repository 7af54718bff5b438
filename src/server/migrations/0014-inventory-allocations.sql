-- Inventory allocations: plate blanks the administrator allocates to a plate-maker shop,
-- by plate type (spec: "Admin: Inventory Management"). The shop records blanks received
-- against an allocation, so what arrived is reconciled with what was allocated.
CREATE SEQUENCE inventory_allocation_number_seq START 1;

CREATE TABLE inventory_allocations (
  -- Made on the administrator's device, so an allocation saved offline keeps its identity.
  id text PRIMARY KEY,
  -- The spec's numeric ID, shown to people.
  number integer NOT NULL UNIQUE DEFAULT nextval('inventory_allocation_number_seq'),
  shop_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plate_type text NOT NULL,
  allocated_quantity integer NOT NULL CHECK (allocated_quantity > 0 AND allocated_quantity <= 100000),
  note text NOT NULL DEFAULT '',
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX inventory_allocations_shop_idx ON inventory_allocations (shop_id, plate_type);

-- A receipt of blanks names the allocation it was delivered against (null: stock from elsewhere).
ALTER TABLE agent_inventory_items ADD COLUMN allocation_id text REFERENCES inventory_allocations (id) ON DELETE SET NULL;
CREATE INDEX agent_inventory_items_allocation_idx ON agent_inventory_items (allocation_id) WHERE allocation_id IS NOT NULL;
