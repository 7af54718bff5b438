-- A shop keeps one manufacturing record per plate, updated as the plate moves on, with
-- every version it had kept as its history (docs/shop-records.md).

CREATE TABLE manufacturing_record_history (
  seq bigserial PRIMARY KEY,
  record_id text NOT NULL REFERENCES manufacturing_records (id) ON DELETE CASCADE,
  status text NOT NULL,
  batch_number text NOT NULL,
  production_date date NOT NULL,
  notes text NOT NULL DEFAULT '',
  recorded_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX manufacturing_record_history_record_idx ON manufacturing_record_history (record_id, seq);

ALTER TABLE manufacturing_records ADD COLUMN updated_at timestamptz;
UPDATE manufacturing_records SET updated_at = created_at;
ALTER TABLE manufacturing_records ALTER COLUMN updated_at SET NOT NULL, ALTER COLUMN updated_at SET DEFAULT now();

-- Plates recorded more than once before this rule: the first record stays (devices know its
-- id), takes the latest details, and every record becomes a version in its history.
CREATE TEMPORARY TABLE manufacturing_versions ON COMMIT DROP AS
SELECT id, agent_id, plate_number, status, batch_number, production_date, notes, created_at,
  first_value(id) OVER plate AS kept_id,
  row_number() OVER (PARTITION BY agent_id, plate_number ORDER BY created_at DESC, id DESC) AS newest
FROM manufacturing_records
WINDOW plate AS (PARTITION BY agent_id, plate_number ORDER BY created_at, id);

INSERT INTO manufacturing_record_history (record_id, status, batch_number, production_date, notes, recorded_at)
SELECT kept_id, status, batch_number, production_date, notes, created_at FROM manufacturing_versions ORDER BY kept_id, created_at, id;

UPDATE manufacturing_records AS kept
SET status = latest.status, batch_number = latest.batch_number, production_date = latest.production_date, notes = latest.notes, updated_at = latest.created_at
FROM manufacturing_versions AS latest
WHERE latest.kept_id = kept.id AND latest.newest = 1 AND latest.id <> kept.id;

-- Devices drop the merged copies and receive the kept record as it now stands.
INSERT INTO change_log (scopes, entity, entity_id, op, data)
SELECT ARRAY['agent:' || agent_id, 'admin'], 'manufacturingRecord', id, 'delete', NULL
FROM manufacturing_versions WHERE id <> kept_id ORDER BY created_at, id;

INSERT INTO change_log (scopes, entity, entity_id, op, data)
SELECT ARRAY['agent:' || r.agent_id, 'admin'], 'manufacturingRecord', r.id, 'put',
  jsonb_build_object(
    'id', r.id, 'agentId', r.agent_id, 'plateNumber', r.plate_number, 'status', r.status, 'batchNumber', r.batch_number,
    'productionDate', to_char(r.production_date, 'YYYY-MM-DD'), 'notes', r.notes,
    'createdAt', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(r.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'history', (
      SELECT jsonb_agg(jsonb_build_object('status', h.status, 'batchNumber', h.batch_number, 'productionDate', to_char(h.production_date, 'YYYY-MM-DD'), 'notes', h.notes,
        'recordedAt', to_char(h.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY h.seq)
      FROM manufacturing_record_history h WHERE h.record_id = r.id
    )
  )
FROM manufacturing_records r
WHERE r.id IN (SELECT kept_id FROM manufacturing_versions WHERE id <> kept_id);

DELETE FROM manufacturing_records WHERE id IN (SELECT id FROM manufacturing_versions WHERE id <> kept_id);

-- One record per plate in each shop: another shop's record of the same number stays its own.
CREATE UNIQUE INDEX manufacturing_records_plate_key ON manufacturing_records (agent_id, plate_number);
