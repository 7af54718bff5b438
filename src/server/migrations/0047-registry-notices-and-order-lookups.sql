-- Public verdicts kept in memory, told when the registry changes; and a shop's orders found by index.
-- Each server instance keeps public verdicts in memory (src/server/cache/). A committed change
-- to what a public verdict is read from tells every instance at once: NOTIFY is sent when the
-- writing transaction commits, and one notice per transaction whatever its rows (decision 072).
-- The columns named are those a public verdict shows or is decided by; a column added to the
-- public answer must be added here.
-- (The body on one line: the migration runner splits statements at a semicolon ending a line.)
CREATE FUNCTION notify_registry_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM pg_notify('registry_changed', ''); RETURN NULL; END $$;

CREATE TRIGGER registered_plates_changed
  AFTER INSERT OR DELETE OR UPDATE OF plate_number, make, model, colour, year, registration_date, expiry_date,
    standing, standing_changed_at, key_id
  ON registered_plates FOR EACH STATEMENT EXECUTE FUNCTION notify_registry_changed();

CREATE TRIGGER registered_plates_emptied
  AFTER TRUNCATE ON registered_plates FOR EACH STATEMENT EXECUTE FUNCTION notify_registry_changed();

CREATE TRIGGER plates_changed
  AFTER INSERT OR DELETE OR UPDATE OF plate_number, stage
  ON plates FOR EACH STATEMENT EXECUTE FUNCTION notify_registry_changed();

CREATE TRIGGER plates_emptied
  AFTER TRUNCATE ON plates FOR EACH STATEMENT EXECUTE FUNCTION notify_registry_changed();

-- A push of a shop's sales looks up the orders they name, by reference as typed (any case) and
-- by number within the shop: without these each push read all of the shop's orders, a cost
-- that grew with every order the shop was ever given (decision 072).
CREATE INDEX agent_orders_upper_id_idx ON agent_orders (upper(id));

CREATE INDEX agent_orders_agent_plate_idx ON agent_orders (agent_id, plate_number);
