-- Each administrator's approve or reject on Plate Requests, kept so that it can be undone for a
-- short time (src/domain/applications/decision-undo.ts, docs/decisions/069-undo-a-decision.md).
-- held: inside its window, what the applicant would notice (the notification with its SMS and
-- email, the refund a rejection starts) is kept in `effects` and not yet done; released: the
-- window passed and the effects were done; undone: taken back, the request restored from
-- `before`; superseded: a later decision on the request replaced it inside its window, so its
-- effects never happen unless that later decision is undone.
CREATE TABLE application_decisions (
  id text PRIMARY KEY,
  request_id text NOT NULL REFERENCES plate_requests (id) ON DELETE CASCADE,
  decision text NOT NULL CHECK (decision IN ('approve', 'reject')),
  decided_by text,
  decided_at timestamptz NOT NULL,
  undo_until timestamptz NOT NULL,
  -- The request as it was before: status, reason, shop, who decided and when, the chosen numbers held.
  before jsonb NOT NULL,
  -- The request's version right after the decision: an undo finds it unchanged since.
  version_after integer NOT NULL,
  effects jsonb NOT NULL,
  state text NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'released', 'undone', 'superseded')),
  superseded_by text REFERENCES application_decisions (id),
  undone_by text,
  undone_at timestamptz,
  released_at timestamptz
);

CREATE INDEX application_decisions_held_idx ON application_decisions (undo_until) WHERE state = 'held';
CREATE INDEX application_decisions_request_idx ON application_decisions (request_id, decided_at DESC);
