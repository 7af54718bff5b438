-- Accounts, their roles, sessions, sign-in throttling and the audit trail.

CREATE SEQUENCE user_number_seq START 1;

CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  phone text,
  password_hash text NOT NULL,
  account_type text NOT NULL,
  user_type text NOT NULL,
  status text NOT NULL,
  requested_role text,
  business_name text,
  license_number text,
  last_active_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE user_roles (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, role)
);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE sign_in_throttle (
  email text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  first_failure_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id text,
  action text NOT NULL,
  target text,
  outcome text NOT NULL DEFAULT 'success',
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text
);

CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
