-- A USSD session's state is its last step, and a phone's count of steps is its steps in the
-- step log (docs/decisions/074-a-ussd-step-in-one-read.md): the session table and the rate-limit
-- row are no longer written on each step. Each step now carries what the session row held
-- (the service code and where the session last started over), the caller's number as
-- counted (+260 form when it is a Zambian number, else as the network gave it), whether it
-- counted towards the phone's limit (a step refused for the limit does not), and a key made
-- when it was answered, so a write repeated after a failure keeps one row.
ALTER TABLE ussd_steps DROP CONSTRAINT ussd_steps_session_id_fkey;
ALTER TABLE ussd_steps ADD COLUMN service_code text NOT NULL DEFAULT '';
ALTER TABLE ussd_steps ADD COLUMN step_offset integer NOT NULL DEFAULT 0;
ALTER TABLE ussd_steps ADD COLUMN caller text;
ALTER TABLE ussd_steps ADD COLUMN counted boolean NOT NULL DEFAULT true;
ALTER TABLE ussd_steps ADD COLUMN step_key uuid;
UPDATE ussd_steps SET caller = ussd_steps.phone, service_code = s.service_code, step_offset = s.step_offset
  FROM ussd_sessions s WHERE s.session_id = ussd_steps.session_id;
UPDATE ussd_steps SET caller = phone WHERE caller IS NULL;
ALTER TABLE ussd_steps ALTER COLUMN caller SET NOT NULL;
CREATE UNIQUE INDEX ussd_steps_key_idx ON ussd_steps (step_key);
-- A phone's counted steps, newest first: the limit reads at most PHONE_CHECK_LIMIT of them.
CREATE INDEX ussd_steps_caller_idx ON ussd_steps (caller, at) WHERE counted;
DROP TABLE ussd_sessions;
