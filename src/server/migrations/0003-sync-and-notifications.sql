-- Changes pushed from devices, applied once each, and the notifications a user reads.

-- One row per mutation id a device has pushed, with the answer it got, so that a
-- replayed push returns the same answer and changes nothing.
CREATE TABLE applied_mutations (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  user_id text,
  intent text NOT NULL,
  outcome text NOT NULL,
  answer jsonb NOT NULL DEFAULT '{}'::jsonb,
  applied_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX applied_mutations_client_idx ON applied_mutations (client_id, applied_at);

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  link text,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);

CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
