-- Sessions as their account holder sees them in Settings: an id that names one without
-- being its token, and the device it was started on (from its browser's user agent).
ALTER TABLE sessions ADD COLUMN public_id text;
ALTER TABLE sessions ADD COLUMN device text;
UPDATE sessions SET public_id = substr(md5(token_hash), 1, 16) WHERE public_id IS NULL;
CREATE UNIQUE INDEX sessions_public_id_key ON sessions (public_id);
