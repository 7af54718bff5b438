-- An email change: a link to the new address confirms it (24 hours), then a link to the old
-- address can undo it (7 days). Tokens are kept only as their SHA-256 digests; a link works once.
CREATE TABLE email_changes (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('confirm', 'undo')),
  old_email text NOT NULL,
  new_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX email_changes_user_idx ON email_changes (user_id, kind);
