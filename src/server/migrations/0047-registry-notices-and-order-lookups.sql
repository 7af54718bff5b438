-- Public verdicts kept in memory, told when the registry changes; and a shop's orders found by index.
-- Each server instance keeps public verdicts in memory (src/server/cache/). A committed change
-- to what a public verdict is read from tells every instance at once: NOTIFY is sent when the
-- writing transaction commits (decision 072).
-- The columns named are those a public verdict shows or is decided by; a column added to the
-- public answer must be added here.
-- (The body on one line: the migration runner splits statements at a semicolon ending a line.)
CREATE FUNCTION notify_registry_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN PERFORM pg_notify('registry_changed', ''); RETURN NULL; END $$;

-- Per row, so a statement that changes nothing (a sweep releasing no holds) says nothing, and
-- an update only when a column that matters differs; PostgreSQL sends identical notices of
-- one transaction once, so a statement of many rows is still one notice.
CREATE TRIGGER registered_plates_changed
  AFTER INSERT OR DELETE ON registered_plates FOR EACH ROW EXECUTE FUNCTION notify_registry_changed();

CREATE TRIGGER registered_plates_updated
  AFTER UPDATE ON registered_plates FOR EACH ROW
  WHEN ((OLD.plate_number, OLD.make, OLD.model, OLD.colour, OLD.year, OLD.registration_date, OLD.expiry_date,
         OLD.standing, OLD.standing_changed_at, OLD.key_id)
        IS DISTINCT FROM (NEW.plate_number, NEW.make, NEW.model, NEW.colour, NEW.year, NEW.registration_date,
         NEW.expiry_date, NEW.standing, NEW.standing_changed_at, NEW.key_id))
  EXECUTE FUNCTION notify_registry_changed();

CREATE TRIGGER registered_plates_emptied
  AFTER TRUNCATE ON registered_plates FOR EACH STATEMENT EXECUTE FUNCTION notify_registry_changed();

CREATE TRIGGER plates_changed
  AFTER INSERT OR DELETE ON plates FOR EACH ROW EXECUTE FUNCTION notify_registry_changed();

CREATE TRIGGER plates_updated
  AFTER UPDATE ON plates FOR EACH ROW
  WHEN ((OLD.plate_number, OLD.stage) IS DISTINCT FROM (NEW.plate_number, NEW.stage))
  EXECUTE FUNCTION notify_registry_changed();

CREATE TRIGGER plates_emptied
  AFTER TRUNCATE ON plates FOR EACH STATEMENT EXECUTE FUNCTION notify_registry_changed();

-- A push of a shop's sales looks up the orders they name, by reference as typed (any case) and
-- by number within the shop: without these each push read all of the shop's orders, a cost
-- that grew with every order the shop was ever given (decision 072).
CREATE INDEX agent_orders_upper_id_idx ON agent_orders (upper(id));

CREATE INDEX agent_orders_agent_plate_idx ON agent_orders (agent_id, plate_number);
