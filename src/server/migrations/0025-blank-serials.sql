-- Blank plate serials (Road Traffic Act: a serial on every plate; decision 042). A delivery
-- of blanks (an inventory allocation) carries its range of serials; each manufacturing record
-- names the blanks its plate is made on (front and rear); a spoiled blank is recorded with its
-- reason; the registry keeps each registered plate's serials for officers to compare.
-- Serials are stored as numbers: ZB-0001234 is 1234 (src/domain/serials/blank-serial.ts).

ALTER TABLE inventory_allocations ADD COLUMN serial_first integer, ADD COLUMN serial_last integer;
ALTER TABLE inventory_allocations ADD CONSTRAINT inventory_allocations_serial_range_check
  CHECK ((serial_first IS NULL AND serial_last IS NULL) OR (serial_first >= 1 AND serial_last >= serial_first));
CREATE INDEX inventory_allocations_serial_idx ON inventory_allocations (serial_first, serial_last) WHERE serial_first IS NOT NULL;

-- Every blank used or spoiled, once: the primary key is the serial, so a serial can be on one
-- plate (front or rear) or spoiled, never two of these.
CREATE TABLE blank_serials (
  serial integer PRIMARY KEY CHECK (serial >= 1),
  shop_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  use text NOT NULL CHECK (use IN ('front', 'rear', 'spoiled')),
  -- front and rear: the plate and its manufacturing record.
  plate_number text,
  manufacturing_record_id text REFERENCES manufacturing_records (id) ON DELETE SET NULL,
  -- spoiled: the device-made id of the record, its reason and day.
  spoiled_id text UNIQUE,
  reason text,
  spoiled_date date,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((use = 'spoiled') = (spoiled_id IS NOT NULL AND reason IS NOT NULL AND spoiled_date IS NOT NULL)),
  CHECK ((use = 'spoiled') = (plate_number IS NULL))
);
CREATE INDEX blank_serials_shop_idx ON blank_serials (shop_id, serial);

ALTER TABLE manufacturing_records ADD COLUMN front_serial integer, ADD COLUMN rear_serial integer;

ALTER TABLE registered_plates ADD COLUMN front_serial integer, ADD COLUMN rear_serial integer;
