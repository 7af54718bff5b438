-- Insurance: an insurance agent's customers (policy holders) and the policies they issue on
-- registered plates. Customers are made on the agent's devices (device-made UUIDs, the
-- saveCustomer intent); policies are issued by the server, which numbers them (POL-000001)
-- and checks the plate in the registry. Both travel to the agent's devices through the
-- change log (entities insuranceCustomer and insurancePolicy, scope user:<agent>).
-- A policy's Expired status is read from its end date, never stored. docs/insurance.md.
CREATE TABLE insurance_customers (
  id text PRIMARY KEY,
  agent_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The Nambala account with the customer's email or phone, when there is one.
  account_id text REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL,
  nrc text NOT NULL,
  phone text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- The target of policies' (customer_id, agent_id): a policy's holder is always the agent's customer.
  UNIQUE (id, agent_id)
);

-- A person is in an agent's list once.
CREATE UNIQUE INDEX insurance_customers_agent_nrc_idx ON insurance_customers (agent_id, nrc);

CREATE SEQUENCE insurance_policy_number_seq;

CREATE TABLE insurance_policies (
  id text PRIMARY KEY,
  policy_number text NOT NULL UNIQUE,
  agent_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  customer_id text NOT NULL,
  plate_number text NOT NULL,
  type text NOT NULL CHECK (type IN ('Third Party', 'Comprehensive')),
  start_date date NOT NULL,
  end_date date NOT NULL CHECK (end_date > start_date),
  premium_ngwee bigint NOT NULL CHECK (premium_ngwee > 0),
  insurer text NOT NULL,
  cancelled_at timestamptz,
  cancel_reason text,
  renewed_from text REFERENCES insurance_policies (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  FOREIGN KEY (customer_id, agent_id) REFERENCES insurance_customers (id, agent_id) ON DELETE CASCADE
);

CREATE INDEX insurance_policies_agent_idx ON insurance_policies (agent_id, created_at DESC);
-- A roadside check reads a plate's cover by number.
CREATE INDEX insurance_policies_plate_idx ON insurance_policies (plate_number, end_date DESC) WHERE cancelled_at IS NULL;
-- A customer's vehicles are found in the registry by their NRC.
CREATE INDEX registered_plates_owner_nrc_idx ON registered_plates (owner_nrc);
