-- Public verdicts kept in memory on PostgreSQL too: a registry change is not acknowledged to its
-- writer until every instance keeping verdicts has heard it (decision 077).
-- The trigger of migration 0047 also tells the writing connection, once per transaction, that
-- it changed the registry (a NOTICE, which the server reads before the statement's answer): after
-- that transaction commits, the writer waits behind a barrier that every instance acknowledges.
-- (The body on one line: the migration runner splits statements at a semicolon ending a line.)
CREATE OR REPLACE FUNCTION notify_registry_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM pg_notify('registry_changed', ''); IF current_setting('nambala.registry_told', true) IS DISTINCT FROM 'yes' THEN PERFORM set_config('nambala.registry_told', 'yes', true); RAISE NOTICE 'registry_changed'; END IF; RETURN NULL; END $$;

-- The instances keeping public verdicts, each trusted with them until its lease runs out; a lease
-- is renewed through the instance's listening connection, so one that stops hearing notices stops
-- being waited for within a lease, and stops trusting its memory before that.
-- `acked`: the last barrier the instance has heard, after every notice sent before it.
CREATE TABLE verdict_cache_members (
  id text PRIMARY KEY,
  lease_until timestamptz NOT NULL,
  acked bigint NOT NULL DEFAULT 0
);

CREATE SEQUENCE verdict_barrier_seq;
