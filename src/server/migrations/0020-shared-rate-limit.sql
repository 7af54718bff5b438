-- The per-address limit on the account routes (AUTH_RATE_LIMIT), counted here when the
-- server runs on PostgreSQL, so that every instance behind a load balancer counts the same
-- hits (docs/running-several-instances.md). One row per route and client address for its
-- current window; rows whose window has ended are deleted by any instance now and then.
-- Unlogged: a count lost in a crash only starts its window again, and it writes no WAL.

CREATE UNLOGGED TABLE rate_limit_hits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends timestamptz NOT NULL
);
