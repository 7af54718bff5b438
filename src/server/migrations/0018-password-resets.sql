-- "Forgot password?" links (docs/security.md): only a hash of each link's token is kept,
-- it works once, and only until it expires; asking for a new link voids the older ones.

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX password_resets_user_idx ON password_resets (user_id) WHERE used_at IS NULL;
