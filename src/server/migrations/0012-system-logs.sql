-- What the server records about itself for the System Dashboard's logs: requests that
-- failed on the server's side (ERROR) and other faults worth an administrator's eye.
-- Refused changes, declined payments and audited events are read where they are
-- already kept (applied_mutations, payments, audit_log), not copied here.
CREATE TABLE system_logs (
  id bigserial PRIMARY KEY,
  level text NOT NULL CHECK (level IN ('INFO', 'WARNING', 'ERROR')),
  module text NOT NULL,
  message text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX system_logs_at_idx ON system_logs (at DESC, id DESC);
