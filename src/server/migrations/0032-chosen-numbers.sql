-- Numbers a buyer chose in the wizard: kept on the application (what the administrator
-- sees and approval allocates), and held while the application stands so that no second
-- application, nor a look-alike of the number, can ask for it (docs/plate-numbers.md).
ALTER TABLE plate_requests ADD COLUMN requested_numbers text[] NOT NULL DEFAULT '{}';
-- Set when approval found a chosen number gone: the failure is kept, not just logged.
ALTER TABLE plate_requests ADD COLUMN allocation_failed_at timestamptz;
ALTER TABLE plate_requests ADD COLUMN allocation_failure text;

CREATE TABLE number_holds (
  plate_number text PRIMARY KEY,
  -- The number as it reads on a plate (O as 0, I as 1, no hyphens): one hold per reading.
  look_alike text NOT NULL UNIQUE,
  request_id text NOT NULL REFERENCES plate_requests (id) ON DELETE CASCADE,
  held_at timestamptz NOT NULL
);
CREATE INDEX number_holds_request_idx ON number_holds (request_id);
