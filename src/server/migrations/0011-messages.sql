-- Messages to users by SMS and email, and the embedded sandbox provider's mailbox.

-- Every message a notification gives rise to, one per channel, written in the same
-- transaction as the notification and sent after it commits. queued: waiting for its
-- first try or a retry (attempts and error say how earlier tries went); sent: the
-- provider took it, and it is never sent again; failed: given up after the last retry.
CREATE TABLE message_outbox (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  link text,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  provider text,
  provider_ref text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- null: at once; otherwise not before this instant (a retry's backoff).
  next_attempt_at timestamptz,
  -- A dispatcher sending it holds it until then; another instance leaves it alone meanwhile.
  claimed_until timestamptz,
  last_attempt_at timestamptz,
  sent_at timestamptz
);

CREATE INDEX message_outbox_waiting_idx ON message_outbox (id) WHERE status = 'queued';
CREATE INDEX message_outbox_recent_idx ON message_outbox (created_at DESC, id DESC);

-- What the sandbox provider "delivered": nothing leaves the machine. The key is the
-- outbox message's id, so a send repeated after a crash is stored once.
CREATE TABLE sandbox_messages (
  id bigserial PRIMARY KEY,
  message_key text NOT NULL UNIQUE,
  channel text NOT NULL,
  recipient text NOT NULL,
  subject text,
  body text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
