-- Vehicles & Fleet: an owner's vehicles, the plate on each and the drivers assigned to
-- them. Rows are made on the owner's devices (ids are device-made UUIDs) and travel to
-- their other devices through the change log (entities `vehicle` and `driver`, scope
-- user:<owner>). docs/fleet.md describes the rules.
CREATE TABLE drivers (
  id text PRIMARY KEY,
  owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  licence_number text NOT NULL,
  phone text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- The target of vehicles' (driver_id, owner_id): a vehicle's driver is always its owner's.
  UNIQUE (id, owner_id)
);

-- A driver's licence is in an owner's list once.
CREATE UNIQUE INDEX drivers_owner_licence_idx ON drivers (owner_id, licence_number);

CREATE TABLE vehicles (
  id text PRIMARY KEY,
  owner_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  make text NOT NULL,
  model text NOT NULL,
  year integer,
  colour text NOT NULL,
  -- A 17-character VIN or an older frame number; '' when the owner has not given it.
  chassis_number text NOT NULL DEFAULT '',
  plate_number text,
  driver_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- No action on delete: the repository takes a removed driver off their vehicles first,
  -- so each of those vehicles' changes reaches the owner's devices.
  FOREIGN KEY (driver_id, owner_id) REFERENCES drivers (id, owner_id)
);

CREATE INDEX vehicles_owner_idx ON vehicles (owner_id, updated_at DESC);
-- A vehicle is in its owner's fleet once, when its chassis number is known.
CREATE UNIQUE INDEX vehicles_owner_chassis_idx ON vehicles (owner_id, chassis_number) WHERE chassis_number <> '';
-- A plate is on one vehicle at most.
CREATE UNIQUE INDEX vehicles_plate_idx ON vehicles (plate_number) WHERE plate_number IS NOT NULL;
CREATE INDEX vehicles_driver_idx ON vehicles (driver_id) WHERE driver_id IS NOT NULL;
