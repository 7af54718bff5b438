-- Sign-ups waiting for their email to be confirmed (docs/security.md). The account is made
-- only when the link sent to the email is opened; until then the details wait here, with
-- the password already hashed and only a hash of the link's token. A link works once,
-- until it expires; asking again for the same email voids the older links.

CREATE TABLE signup_requests (
  token_hash text PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  account_type text NOT NULL,
  business_name text,
  license_number text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX signup_requests_email_idx ON signup_requests (lower(email)) WHERE used_at IS NULL;
CREATE INDEX signup_requests_expiry_idx ON signup_requests (expires_at);

-- The link to finish a sign-up goes to an email that has no account yet.
ALTER TABLE message_outbox ALTER COLUMN user_id DROP NOT NULL;
