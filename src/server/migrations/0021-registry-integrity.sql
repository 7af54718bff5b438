-- Registry integrity (docs/plate-lifecycle.md, docs/shop-records.md): every entitlement names
-- its owner's identity, a shop's refused attempts and other insiders' become alerts an
-- administrator reviews, and a shop's right to record can be suspended.

-- Who a held number is for, as its order named them. The shop's whitebook sale registers it
-- only to this NRC (compared digits only: 123456/78/9 = 123456 78 9).
ALTER TABLE plates ADD COLUMN owner_name text NOT NULL DEFAULT '', ADD COLUMN owner_nrc text NOT NULL DEFAULT '';
UPDATE plates p SET owner_name = q.applicant_name, owner_nrc = q.nrc_number
  FROM plate_requests q WHERE p.source = 'application' AND p.source_ref = q.id;

-- The buyer's identity given at the marketplace checkout, for the plate's registration.
ALTER TABLE purchase_orders ADD COLUMN owner_name text NOT NULL DEFAULT '', ADD COLUMN owner_nrc text NOT NULL DEFAULT '';
UPDATE plates p SET owner_name = o.customer_name, owner_nrc = o.customer_nrc
  FROM agent_orders o WHERE p.source = 'marketplace' AND p.order_id = o.id AND p.owner_nrc = '';

-- A shop's order carries a slow salted digest of the customer's NRC for the shop's devices,
-- which check the NRC at the counter offline without holding it in clear (decision 041).
ALTER TABLE agent_orders ADD COLUMN nrc_check jsonb;

-- What an insider tried that the registry's rules refused, or that needs a second look.
CREATE TABLE integrity_alerts (
  id text PRIMARY KEY,
  kind text NOT NULL,
  -- The shop, officer or insurer whose act raised it (null: a member of the public).
  subject_id text,
  plate_number text,
  summary text NOT NULL,
  evidence jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Reviewed')),
  review_note text,
  reviewed_by text,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX integrity_alerts_status_idx ON integrity_alerts (status, created_at);
CREATE INDEX integrity_alerts_subject_idx ON integrity_alerts (subject_id, created_at);

-- A shop whose right to record is suspended: its records are refused with this reason.
ALTER TABLE users ADD COLUMN recording_suspended text;
