-- Insurance only with the owner (docs/insurance.md). A policy on a plate goes to its
-- registered owner, or to someone the owner consented to in their dashboard; a customer is
-- linked to a Nambala account only once that account's holder accepts; the owner may
-- dispute a policy on their plate they do not recognise.

-- What an insurance agent asks of an account holder, and the answer.
--   kind 'link': the agent's customer record is this account's holder (asked when the
--   customer's email or phone is the account's); accepted, the customer is linked to it.
--   kind 'consent': the plate's registered owner lets the agent insure it for the customer
--   (a driver, a fleet's vehicle). Only the plate's owner at the time of asking answers;
--   a consent counts only while that account still owns the plate.
-- Withdrawn: the customer's NRC changed after it was asked, so it no longer names them.
CREATE TABLE insurance_requests (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('link', 'consent')),
  agent_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  customer_id text NOT NULL REFERENCES insurance_customers (id) ON DELETE CASCADE,
  -- Who answers: the account holder (link) or the plate's registered owner (consent).
  account_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plate_number text,
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Accepted', 'Declined', 'Withdrawn')),
  created_at timestamptz NOT NULL,
  answered_at timestamptz,
  -- Set once the account holder has been told (a link request is told after the agent's
  -- save has been answered, so the answer never depends on whether the account exists).
  notified_at timestamptz,
  CHECK ((kind = 'consent') = (plate_number IS NOT NULL))
);

-- One open question per customer and account (and plate, for consent).
CREATE UNIQUE INDEX insurance_requests_pending_idx ON insurance_requests (customer_id, account_id, coalesce(plate_number, '')) WHERE status = 'Pending';
CREATE INDEX insurance_requests_account_idx ON insurance_requests (account_id, status, created_at);
CREATE INDEX insurance_requests_unnotified_idx ON insurance_requests (created_at) WHERE notified_at IS NULL;

-- Links made before an account holder's acceptance was asked for become questions to them,
-- and the customers lose the link (and the account's vehicles) until they accept.
INSERT INTO insurance_requests (id, kind, agent_id, customer_id, account_id, status, created_at)
  SELECT 'link-' || id, 'link', agent_id, id, account_id, 'Pending', now() FROM insurance_customers WHERE account_id IS NOT NULL;

-- The agents' devices get those customers again without the account and its vehicles:
-- only plates registered to the customer's NRC and to no account.
INSERT INTO change_log (scopes, entity, entity_id, op, data)
  SELECT ARRAY['user:' || c.agent_id], 'insuranceCustomer', c.id, 'put', jsonb_build_object(
    'id', c.id, 'agentId', c.agent_id, 'accountId', NULL, 'name', c.name, 'nrc', c.nrc, 'phone', c.phone, 'email', c.email,
    'vehicles', coalesce((SELECT jsonb_agg(jsonb_build_object('plateNumber', r.plate_number, 'make', r.make, 'model', r.model, 'colour', r.colour, 'year', r.year,
        'expiryDate', to_char(r.expiry_date, 'YYYY-MM-DD'), 'standing', r.standing) ORDER BY r.plate_number)
      FROM registered_plates r WHERE r.owner_nrc = c.nrc AND r.owner_id IS NULL), '[]'::jsonb),
    'createdAt', to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM insurance_customers c WHERE c.account_id IS NOT NULL;

UPDATE insurance_customers SET account_id = NULL WHERE account_id IS NOT NULL;

-- The owner's dispute of a policy on their plate: when, by whom, and what they said.
ALTER TABLE insurance_policies ADD COLUMN disputed_at timestamptz, ADD COLUMN disputed_by text REFERENCES users (id) ON DELETE SET NULL, ADD COLUMN dispute_note text;
