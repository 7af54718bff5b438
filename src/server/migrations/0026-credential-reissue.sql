-- Re-issuing credentials after a signing key is revoked or retired (docs/decisions/043-reissue-after-key-revoke.md).
-- A run re-signs, under the active key, every registered plate whose credential another key
-- signed, a batch per transaction, in (bucket, plate number) order. The cursor is written in
-- the same transaction as the batch, so a server that stops mid-run resumes exactly after the
-- last batch that committed: no plate is re-signed twice, none is skipped.
CREATE TABLE credential_reissue_runs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The key whose revocation or retirement started the run.
  key_id integer NOT NULL REFERENCES signing_keys (key_id),
  reason text NOT NULL CHECK (reason IN ('revoked', 'retired')),
  -- running: batches still to do. finished: no plate is left on another key.
  -- superseded: a later run (another key replaced meanwhile) took over its work.
  state text NOT NULL CHECK (state IN ('running', 'finished', 'superseded')),
  total integer NOT NULL CHECK (total >= 0),
  done integer NOT NULL DEFAULT 0 CHECK (done >= 0),
  batches integer NOT NULL DEFAULT 0,
  cursor_bucket smallint,
  cursor_plate text,
  started_by text REFERENCES users (id) ON DELETE SET NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

-- One run at a time: starting another supersedes the running one.
CREATE UNIQUE INDEX credential_reissue_runs_one_running ON credential_reissue_runs ((state)) WHERE state = 'running';

-- Owners already told that their QR code is new, so each is told once per run.
CREATE TABLE credential_reissue_notices (
  run_id integer NOT NULL REFERENCES credential_reissue_runs (id) ON DELETE CASCADE,
  owner_id text NOT NULL,
  PRIMARY KEY (run_id, owner_id)
);

-- The run walks the registry in this order.
CREATE INDEX registered_plates_bucket_plate_idx ON registered_plates (bucket, plate_number);
