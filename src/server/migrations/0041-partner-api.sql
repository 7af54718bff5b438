-- The partner API (docs/partner-api.md, docs/decisions/066-partner-api-keys.md): organisations an
-- administrator registers, the API keys issued to them (only a SHA-256 digest of each is kept),
-- every call made with a key, and the counters its rate limit and daily quota are held to.

CREATE TABLE partner_organisations (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('insurer', 'dealer', 'bank', 'police', 'government')),
  -- An insurer's name as its policies carry it: the plates it insures are those it may see the owner of.
  insurer_name text,
  contact_email text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE partner_keys (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES partner_organisations (id) ON DELETE CASCADE,
  -- The first characters of the key, shown to tell keys apart; never enough to use it.
  prefix text NOT NULL,
  -- SHA-256 of the whole key (hex). The key itself is shown once and never stored.
  key_hash text NOT NULL UNIQUE,
  scopes text[] NOT NULL,
  per_minute integer NOT NULL CHECK (per_minute > 0),
  daily_quota integer NOT NULL CHECK (daily_quota > 0),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- Set when the key was rotated: the key that replaced it (the old one then expires at the end of the overlap).
  replaced_by text REFERENCES partner_keys (id)
);

CREATE INDEX partner_keys_organisation_idx ON partner_keys (organisation_id, created_at DESC);

-- One row per call made with a key, whatever its answer: the usage page counts these.
CREATE TABLE partner_calls (
  id text PRIMARY KEY,
  key_id text NOT NULL REFERENCES partner_keys (id) ON DELETE CASCADE,
  organisation_id text NOT NULL REFERENCES partner_organisations (id) ON DELETE CASCADE,
  route text NOT NULL,
  -- Plate checks the call asked for (a bulk call counts each plate).
  plates integer NOT NULL,
  status integer NOT NULL,
  called_at timestamptz NOT NULL
);

CREATE INDEX partner_calls_organisation_idx ON partner_calls (organisation_id, called_at DESC);

-- The counters a key's limits are held to, one row per key and window, increased atomically
-- (the row lock orders one key's calls across server instances).
CREATE TABLE partner_key_windows (
  key_id text NOT NULL REFERENCES partner_keys (id) ON DELETE CASCADE,
  -- 'minute' (requests in the minute starting at window_start) or 'day' (plate checks in the Lusaka day).
  kind text NOT NULL CHECK (kind IN ('minute', 'day')),
  window_start timestamptz NOT NULL,
  used integer NOT NULL,
  PRIMARY KEY (key_id, kind, window_start)
);

-- A partner's answer with an owner's name or cover is a look at personal data, logged like an officer's.
ALTER TABLE personal_data_access_log DROP CONSTRAINT personal_data_access_log_officer_role_check;
ALTER TABLE personal_data_access_log
  ADD CONSTRAINT personal_data_access_log_officer_role_check CHECK (officer_role IN ('police', 'admin', 'partner'));

-- Webhooks: a partner's subscription to events on the plates it follows (docs/partner-api.md,
-- "Webhooks"). An insurer follows the plates it insures; any organisation also follows the
-- plates the administrator lists for it.
CREATE TABLE partner_followed_plates (
  organisation_id text NOT NULL REFERENCES partner_organisations (id) ON DELETE CASCADE,
  plate_number text NOT NULL,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (organisation_id, plate_number)
);
CREATE INDEX partner_followed_plates_plate_idx ON partner_followed_plates (plate_number);

CREATE TABLE partner_webhooks (
  id text PRIMARY KEY,
  organisation_id text NOT NULL REFERENCES partner_organisations (id) ON DELETE CASCADE,
  -- Deliveries go to this address only (no redirects followed).
  url text NOT NULL,
  -- The HMAC-SHA256 key deliveries are signed with; shown to the administrator once.
  secret text NOT NULL,
  events text[] NOT NULL,
  created_at timestamptz NOT NULL,
  disabled_at timestamptz
);

-- One row per event to send to one subscription, written in the transaction of the event;
-- the delivery job claims due rows (SKIP LOCKED, then claimed_until) so one instance sends each.
CREATE TABLE partner_webhook_deliveries (
  id text PRIMARY KEY,
  webhook_id text NOT NULL REFERENCES partner_webhooks (id) ON DELETE CASCADE,
  event text NOT NULL,
  plate_number text NOT NULL,
  -- Makes an event queued twice (an expiry seen by two runs) one delivery.
  dedupe_key text NOT NULL,
  occurred_at timestamptz NOT NULL,
  -- Retries go on for a day from here: the event, or the administrator's replay.
  retry_from timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  claimed_until timestamptz,
  delivered_at timestamptz,
  gave_up_at timestamptz,
  UNIQUE (webhook_id, event, plate_number, dedupe_key)
);
CREATE INDEX partner_webhook_deliveries_due_idx ON partner_webhook_deliveries (next_attempt_at)
  WHERE delivered_at IS NULL AND gave_up_at IS NULL;

-- Each attempt and what the receiver answered: the administrator's delivery log.
CREATE TABLE partner_webhook_attempts (
  delivery_id text NOT NULL REFERENCES partner_webhook_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  at timestamptz NOT NULL,
  status integer,
  -- The first 500 characters of the answer, or why there was none.
  response text NOT NULL,
  PRIMARY KEY (delivery_id, attempt)
);
