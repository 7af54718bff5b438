-- The plate registry, the keys that sign plate credentials, police checks and the
-- flags officers raise for an administrator to decide.

-- Public halves of the registry's signing keys. Private halves never enter the
-- database: they are files under data/keys (or given by the environment).
-- active: signs new credentials (at most one); retired: no longer signs, its
-- credentials still verify; revoked: its credentials are Not authentic.
CREATE TABLE signing_keys (
  key_id integer PRIMARY KEY CHECK (key_id BETWEEN 1 AND 65535),
  public_key bytea NOT NULL CHECK (octet_length(public_key) = 32),
  status text NOT NULL CHECK (status IN ('active', 'retired', 'revoked')),
  created_at timestamptz NOT NULL DEFAULT now(),
  status_changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX signing_keys_one_active ON signing_keys (status) WHERE status = 'active';

-- Every change to a plate takes the next version; a bucket's version is the highest
-- of its plates', so a device re-fetches only the buckets that changed.
CREATE SEQUENCE registry_version_seq;

-- Expired is not a stored standing: it follows from expiry_date, so no job has to run
-- at midnight for a plate to read as expired.
CREATE TABLE registered_plates (
  plate_number text PRIMARY KEY,
  make text NOT NULL,
  model text NOT NULL,
  colour text NOT NULL,
  year integer NOT NULL,
  chassis_number text NOT NULL,
  owner_name text NOT NULL,
  owner_nrc text NOT NULL,
  registration_date date NOT NULL,
  expiry_date date NOT NULL,
  standing text NOT NULL CHECK (standing IN ('Valid', 'Revoked', 'Stolen')),
  standing_changed_at timestamptz,
  key_id integer NOT NULL REFERENCES signing_keys (key_id),
  credential bytea NOT NULL,
  bucket smallint NOT NULL,
  version bigint NOT NULL DEFAULT nextval('registry_version_seq'),
  issued_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX registered_plates_bucket_idx ON registered_plates (bucket);
CREATE INDEX registered_plates_revoked_idx ON registered_plates (standing) WHERE standing <> 'Valid';

-- One row per bucket that holds plates: its version and size, kept by the repository
-- in the same transaction as the plates, so the manifest is a read of 4,096 rows.
CREATE TABLE registry_buckets (
  bucket smallint PRIMARY KEY,
  version bigint NOT NULL,
  plates integer NOT NULL
);

-- Every lookup by an officer, online or offline (offline ones arrive when the device
-- syncs; the id is the device's, so the same check is never logged twice).
CREATE TABLE police_checks (
  id text PRIMARY KEY,
  officer_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plate_number text NOT NULL,
  verdict text NOT NULL,
  method text NOT NULL CHECK (method IN ('manual', 'scan')),
  offline boolean NOT NULL,
  checked_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX police_checks_officer_idx ON police_checks (officer_id, checked_at DESC);
CREATE INDEX police_checks_plate_idx ON police_checks (plate_number, checked_at DESC);

-- A plate an officer suspects, waiting for an administrator's decision.
CREATE TABLE plate_flags (
  id text PRIMARY KEY,
  officer_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plate_number text NOT NULL,
  suspicion text NOT NULL CHECK (suspicion IN ('Suspected fake', 'Suspected stolen')),
  note text NOT NULL,
  status text NOT NULL CHECK (status IN ('Open', 'Revoked', 'Stolen', 'Dismissed')),
  decided_by text REFERENCES users (id) ON DELETE SET NULL,
  decision_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);

CREATE INDEX plate_flags_open_idx ON plate_flags (status, created_at);
