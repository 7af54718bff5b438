-- Plate checks from any phone: USSD sessions and their steps, and SMS received.

-- A USSD session as the gateway names it. A gateway resends the whole input on each step;
-- step_offset is how many of those steps came before the session last started over (it was
-- idle past the limit), so they are not read again.
CREATE TABLE ussd_sessions (
  session_id text PRIMARY KEY,
  phone text NOT NULL,
  service_code text NOT NULL,
  step_offset integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL,
  last_step_at timestamptz NOT NULL
);

-- Every step of every session: what the caller had typed and the screen they were shown.
CREATE TABLE ussd_steps (
  id bigserial PRIMARY KEY,
  session_id text NOT NULL REFERENCES ussd_sessions (session_id) ON DELETE CASCADE,
  phone text NOT NULL,
  input text NOT NULL,
  answer text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX ussd_steps_session_idx ON ussd_steps (session_id, id);
CREATE INDEX ussd_steps_at_idx ON ussd_steps (at);

-- Texts sent to the service's number. The provider's own id, when it gives one, keeps a
-- delivery the provider repeats from being answered twice.
CREATE TABLE inbound_messages (
  id bigserial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms')),
  sender text NOT NULL,
  body text NOT NULL,
  provider text NOT NULL,
  provider_ref text,
  received_at timestamptz NOT NULL,
  UNIQUE (provider, provider_ref)
);

-- A reply names the text it answers, so Sent messages shows the two together.
ALTER TABLE message_outbox ADD COLUMN in_reply_to bigint REFERENCES inbound_messages (id) ON DELETE SET NULL;
