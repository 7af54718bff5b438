-- Insurance claims on an agent's policies, and their photos. A claim is made on the agent's
-- device (a device-made UUID, the saveClaim intent, often offline) and numbered by the server
-- when it first arrives (CLM-000001). Its steps (assess, approve, reject, pay) are taken on
-- the server. Photos are declared with the claim (content SHA-256, size, pixels) and their
-- bytes follow by a resumable upload into `content`; a photo is complete when `received`
-- reaches `size` and the bytes hash to `sha256`. Photo bytes live here, in the database, so
-- the server keeps no state of its own (decision 021). Claims travel to the agent's devices
-- through the change log (entity insuranceClaim, scope user:<agent>). docs/insurance.md.
CREATE SEQUENCE insurance_claim_number_seq;

CREATE TABLE insurance_claims (
  id text PRIMARY KEY,
  claim_number text NOT NULL UNIQUE,
  agent_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  policy_id text NOT NULL REFERENCES insurance_policies (id) ON DELETE CASCADE,
  incident_date date NOT NULL,
  incident_place text NOT NULL,
  description text NOT NULL,
  other_party_plate text,
  status text NOT NULL DEFAULT 'Submitted' CHECK (status IN ('Submitted', 'Under Assessment', 'Approved', 'Rejected', 'Paid')),
  reject_reason text,
  assessed_at timestamptz,
  decided_at timestamptz,
  paid_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (status <> 'Rejected' OR reject_reason IS NOT NULL),
  -- Paid only after an approval.
  CHECK (status <> 'Paid' OR (decided_at IS NOT NULL AND reject_reason IS NULL))
);

CREATE INDEX insurance_claims_agent_idx ON insurance_claims (agent_id, created_at DESC);

CREATE TABLE insurance_claim_photos (
  claim_id text NOT NULL REFERENCES insurance_claims (id) ON DELETE CASCADE,
  -- The content's SHA-256 (hex) is the photo's id: the same picture is stored once per claim.
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size integer NOT NULL CHECK (size > 0 AND size <= 1048576),
  width integer NOT NULL CHECK (width > 0 AND width <= 1600),
  height integer NOT NULL CHECK (height > 0 AND height <= 1600),
  content bytea NOT NULL DEFAULT ''::bytea,
  received integer NOT NULL DEFAULT 0 CHECK (received >= 0 AND received <= size),
  completed_at timestamptz,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (claim_id, sha256)
);
