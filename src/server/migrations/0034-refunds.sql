-- Refunds: money paid back to the payer of an approved payment, through the provider that
-- took it. One refund per payment (a second request for the same payment finds this one),
-- never more than the payment's amount. A failed refund is retried on the same row, one
-- more attempt each time. Like payments, a refund is a financial record: people are named
-- by id without a foreign key, so deleting an account keeps it.
CREATE SEQUENCE refund_number_seq;

CREATE TABLE refunds (
  id text PRIMARY KEY,
  number bigint NOT NULL UNIQUE DEFAULT nextval('refund_number_seq'),
  payment_id text NOT NULL UNIQUE REFERENCES payments (id),
  payer_id text NOT NULL,
  amount_ngwee bigint NOT NULL CHECK (amount_ngwee > 0),
  reason text NOT NULL CHECK (reason IN ('application-rejected', 'order-cancelled', 'allocation-failed', 'late-approval')),
  status text NOT NULL CHECK (status IN ('pending', 'refunded', 'failed')),
  provider text NOT NULL,
  provider_ref text,
  failure_reason text,
  requested_by text,
  attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 1),
  created_at timestamptz NOT NULL,
  attempted_at timestamptz NOT NULL,
  settled_at timestamptz
);

CREATE INDEX refunds_status_idx ON refunds (status, attempted_at);
CREATE INDEX refunds_created_idx ON refunds (created_at DESC);

-- The card checkout on the provider's own page: the token its address carries.
CREATE INDEX payments_provider_ref_idx ON payments (provider_ref);

-- A marketplace order cancelled before manufacturing puts its plate back on sale: a listing
-- then has at most one live order, and keeps its cancelled ones.
ALTER TABLE purchase_orders DROP CONSTRAINT purchase_orders_listing_id_key;
CREATE UNIQUE INDEX purchase_orders_live_listing_key ON purchase_orders (listing_id) WHERE status <> 'Cancelled';
