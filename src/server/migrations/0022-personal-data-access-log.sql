-- Every look at another person's data on record (docs/privacy.md): one row per lookup that
-- answered with an owner's name or insurance, whatever id the reader's device sent. The
-- administrator's record; police_checks stays the officer's own "Recent checks".

CREATE TABLE personal_data_access_log (
  -- Issued by the server (UUIDv7 from the time of the look), so rows sort by time by id.
  id text PRIMARY KEY,
  -- No foreign key: the record outlives the reader's account, with the name it had.
  officer_id text NOT NULL,
  officer_name text NOT NULL,
  officer_role text NOT NULL CHECK (officer_role IN ('police', 'admin')),
  plate_number text NOT NULL,
  purpose text NOT NULL,
  route text NOT NULL,
  -- The check id the device sent, if any: the same id may appear on several rows.
  check_id text,
  ip text,
  accessed_at timestamptz NOT NULL
);

CREATE INDEX personal_data_access_log_officer_idx ON personal_data_access_log (officer_id, id DESC);
CREATE INDEX personal_data_access_log_plate_idx ON personal_data_access_log (plate_number, id DESC);
CREATE INDEX personal_data_access_log_time_idx ON personal_data_access_log (accessed_at);

-- Each reader's lookups per Lusaka day, counted as they are logged (the row lock orders one
-- reader's lookups), and when that day's unusual-lookups alert was raised, so it is raised once.
CREATE TABLE personal_data_lookup_days (
  officer_id text NOT NULL,
  day date NOT NULL,
  lookups integer NOT NULL,
  alerted_at timestamptz,
  PRIMARY KEY (officer_id, day)
);
