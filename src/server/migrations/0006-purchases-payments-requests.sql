-- Prices and fees as settings with history, marketplace reservations and sales,
-- payments, and plate requests from the application wizard with their allocated numbers.
-- People are referenced by id without a foreign key where the row is a financial or
-- legal record (payments, orders, requests): deleting an account must not delete them.

-- One row per setting (pricing is the first), and every value it has had.
CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE settings_history (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  value jsonb NOT NULL,
  previous jsonb,
  changed_by text,
  changed_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX settings_history_key_idx ON settings_history (key, changed_at DESC, id DESC);

-- A listing's reservation is kept as the instant it ends; whether it still holds is
-- derived from the time on every read, so no job has to flip it back to Available.
-- A hold is the short claim a buyer has while their payment is pending (at most the
-- request-to-pay timeout); it is separate from a paid reservation, so a declined
-- payment releases the hold and leaves the buyer's reservation, if any, as it was.
ALTER TABLE plate_listings
  ADD COLUMN reserved_by text,
  ADD COLUMN reserved_until timestamptz,
  ADD COLUMN reservation_payment_id text,
  ADD COLUMN held_by text,
  ADD COLUMN held_until timestamptz,
  ADD COLUMN hold_payment_id text,
  ADD COLUMN sold_to text,
  ADD COLUMN sold_at timestamptz,
  ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE SEQUENCE payment_number_seq START 1;

-- Amounts in ngwee. The status stored is the last one recorded; a pending
-- request-to-pay whose expires_at has passed reads as timed out without being written.
CREATE TABLE payments (
  id text PRIMARY KEY,
  number bigint NOT NULL UNIQUE DEFAULT nextval('payment_number_seq'),
  payer_id text NOT NULL,
  idempotency_key text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('reservation', 'purchase', 'application')),
  listing_id text,
  request_id text,
  description text NOT NULL,
  lines jsonb NOT NULL,
  method text NOT NULL CHECK (method IN ('mtn', 'airtel', 'card', 'bank')),
  amount_ngwee bigint NOT NULL CHECK (amount_ngwee > 0),
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'declined', 'timed_out', 'cancelled')),
  decline_reason text,
  provider text NOT NULL,
  provider_ref text,
  payer_phone text,
  card_brand text,
  card_last4 text,
  -- What settling did: applied its effect, or could not (the operator owes a refund).
  effect text CHECK (effect IN ('applied', 'refund_due')),
  settled_by text,
  created_at timestamptz NOT NULL,
  settled_at timestamptz,
  expires_at timestamptz,
  -- A retried request with the same key from the same payer finds this row instead of paying twice.
  UNIQUE (payer_id, idempotency_key)
);

CREATE INDEX payments_payer_idx ON payments (payer_id, created_at DESC);
CREATE INDEX payments_pending_idx ON payments (status, created_at) WHERE status = 'pending';
CREATE INDEX payments_request_idx ON payments (request_id, created_at DESC) WHERE request_id IS NOT NULL;

CREATE SEQUENCE purchase_order_number_seq START 1;

-- A marketplace plate sold: one order per listing, whatever happens upstream.
CREATE TABLE purchase_orders (
  id text PRIMARY KEY,
  listing_id text NOT NULL UNIQUE REFERENCES plate_listings (id),
  plate_number text NOT NULL,
  buyer_id text NOT NULL,
  payment_id text NOT NULL UNIQUE REFERENCES payments (id),
  price_ngwee bigint NOT NULL,
  reservation_credit_ngwee bigint NOT NULL,
  total_ngwee bigint NOT NULL,
  status text NOT NULL DEFAULT 'Pending',
  created_at timestamptz NOT NULL
);

CREATE INDEX purchase_orders_buyer_idx ON purchase_orders (buyer_id, created_at DESC);

CREATE SEQUENCE plate_request_number_seq START 1;
CREATE SEQUENCE application_reference_seq START 1;

-- An application from the wizard. application_id is the device's id for it, so a
-- submit sent twice is stored once; reference is the LP- number the applicant keeps.
CREATE TABLE plate_requests (
  id text PRIMARY KEY,
  application_id text NOT NULL UNIQUE,
  reference text NOT NULL UNIQUE,
  applicant_id text NOT NULL,
  applicant_name text NOT NULL,
  nrc_number text NOT NULL,
  phone text NOT NULL,
  email text NOT NULL,
  address text NOT NULL,
  vehicle text NOT NULL DEFAULT '',
  quantity integer NOT NULL CHECK (quantity >= 1),
  plate_type text NOT NULL DEFAULT 'Standard',
  color text NOT NULL DEFAULT '',
  special_requests text NOT NULL DEFAULT '',
  payment_method text NOT NULL,
  status text NOT NULL CHECK (status IN ('Pending', 'Under Review', 'Approved', 'Rejected')),
  rejection_reason text,
  agent_id text,
  decided_by text,
  decided_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL
);

CREATE INDEX plate_requests_applicant_idx ON plate_requests (applicant_id, created_at DESC);
CREATE INDEX plate_requests_created_idx ON plate_requests (created_at DESC);

-- Numbers allocated to approved requests. A number released by a later rejection keeps
-- its row: it is never handed to anyone else, so a record a plate maker made offline
-- for it can never be mistaken for another request's.
CREATE TABLE request_plates (
  plate_number text PRIMARY KEY,
  request_id text NOT NULL REFERENCES plate_requests (id),
  agent_id text NOT NULL,
  order_id text,
  allocated_at timestamptz NOT NULL,
  released_at timestamptz
);

CREATE INDEX request_plates_request_idx ON request_plates (request_id);
CREATE INDEX manufacturing_records_plate_idx ON manufacturing_records (plate_number);
