-- One plate, one life: every number Nambala hands to an owner, from the moment it is
-- held for them (bought in the marketplace, or allocated to an approved application)
-- until it is registered to a vehicle. The registration itself (vehicle, dates,
-- standing, signed credential) is the plate's row in registered_plates; this row says
-- whose it is, where it came from, which shop makes it and how far it has got.
-- docs/plate-lifecycle.md describes the stages.
CREATE TABLE plates (
  plate_number text PRIMARY KEY,
  owner_id text NOT NULL,
  stage text NOT NULL CHECK (stage IN ('Held', 'Made', 'Registered')),
  source text NOT NULL CHECK (source IN ('marketplace', 'application')),
  -- PO-000001 (a marketplace order) or REQ-001 (an application).
  source_ref text NOT NULL,
  agent_id text,
  order_id text,
  held_at timestamptz NOT NULL,
  made_at timestamptz,
  registered_at timestamptz,
  bucket smallint NOT NULL,
  -- From the registry's sequence: a change here re-sends the plate's bucket to officers' copies.
  version bigint NOT NULL DEFAULT nextval('registry_version_seq')
);

CREATE INDEX plates_owner_idx ON plates (owner_id, held_at DESC);
CREATE INDEX plates_bucket_idx ON plates (bucket) WHERE stage <> 'Registered';

-- The account a registration belongs to (null for plates registered before Nambala,
-- such as the demo registry's), and when it was last re-issued.
ALTER TABLE registered_plates ADD COLUMN owner_id text;
CREATE INDEX registered_plates_owner_idx ON registered_plates (owner_id) WHERE owner_id IS NOT NULL;

-- What the sale in a shop's whitebook records of the owner and the vehicle, so the
-- registration it issues is complete.
ALTER TABLE whitebook_entries
  ADD COLUMN owner_nrc text NOT NULL DEFAULT '',
  ADD COLUMN vehicle_colour text NOT NULL DEFAULT '',
  ADD COLUMN vehicle_year integer,
  ADD COLUMN chassis_number text NOT NULL DEFAULT '';

-- A renewal is paid like anything else.
ALTER TABLE payments DROP CONSTRAINT payments_purpose_check;
ALTER TABLE payments ADD CONSTRAINT payments_purpose_check CHECK (purpose IN ('reservation', 'purchase', 'application', 'renewal'));
ALTER TABLE payments ADD COLUMN plate_number text;
