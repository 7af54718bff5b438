-- Ownership transfers and renewals (docs/transfers-and-renewals.md, decision 018).

-- A registered plate handed from its owner to another account: Pending until the
-- recipient accepts or declines, or the owner cancels. Accounts are not foreign keys (as
-- plates.owner_id): a transfer stays in the plate's history after an account is deleted.
CREATE TABLE plate_transfers (
  id text PRIMARY KEY,
  plate_number text NOT NULL,
  from_user_id text NOT NULL,
  from_name text NOT NULL,
  to_user_id text,
  -- The email or +260 phone number the owner typed, as normalised.
  to_contact text NOT NULL,
  to_name text,
  status text NOT NULL CHECK (status IN ('Pending', 'Accepted', 'Declined', 'Cancelled')),
  created_at timestamptz NOT NULL,
  decided_at timestamptz
);

-- At most one transfer of a plate waits at a time.
CREATE UNIQUE INDEX plate_transfers_pending_key ON plate_transfers (plate_number) WHERE status = 'Pending';
CREATE INDEX plate_transfers_from_idx ON plate_transfers (from_user_id, created_at DESC);
CREATE INDEX plate_transfers_to_idx ON plate_transfers (to_user_id, created_at DESC);

-- A plate's registration re-issued (transfer, renewal): its credentials registered before
-- superseded_before read as Revoked on every device, while the newer one stays good. One
-- row per plate, the latest re-issue's; it travels in the revocation list.
CREATE TABLE credential_supersessions (
  plate_number text PRIMARY KEY,
  superseded_before date NOT NULL,
  at timestamptz NOT NULL
);

-- Renewal reminders sent: once per threshold (90, 30, 7 days) per expiry date, so a
-- renewed plate (a new expiry date) is reminded afresh and several servers send each once.
CREATE TABLE renewal_reminders (
  plate_number text NOT NULL,
  expiry_date date NOT NULL,
  days smallint NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (plate_number, expiry_date, days)
);

-- A plate's renewal payments, to find one still in progress.
CREATE INDEX payments_plate_idx ON payments (plate_number, created_at DESC) WHERE plate_number IS NOT NULL;
