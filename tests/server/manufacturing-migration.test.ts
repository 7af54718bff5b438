/**
 * Migration 0017 on a database that holds plates recorded more than once: one record per
 * plate stays (the first, which devices know), with the latest details and every version as
 * its history; devices are told to drop the merged copies and given the kept record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';

const MIGRATION = '0017-one-manufacturing-record-per-plate.sql';

describe('migration 0017: one manufacturing record per plate', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openPglite('memory://');
    // Everything up to the one before it, then the records as an older server kept them.
    await db.query(
      'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [MIGRATION]);
    await migrate(db);
    for (const shop of ['shop-a', 'shop-b']) {
      await db.query(
        "INSERT INTO users (id, email, name, password_hash, account_type, user_type, status) VALUES ($1, $1 || '@example.zm', $1, 'x', 'agent', 'AGENT', 'Active')",
        [shop],
      );
    }
    const record = (id: string, shop: string, plate: string, status: string, batch: string, at: string) =>
      db.query(
        "INSERT INTO manufacturing_records (id, agent_id, plate_number, status, batch_number, production_date, notes, created_at) VALUES ($1, $2, $3, $4, $5, '2026-11-01', '', $6)",
        [id, shop, plate, status, batch, at],
      );
    await record('m1', 'shop-a', 'ZM-101-ABC', 'In Production', 'B-1', '2026-11-01T08:00:00Z');
    await record('m2', 'shop-a', 'ZM-101-ABC', 'Printed', 'B-2', '2026-11-02T08:00:00Z');
    await record('m3', 'shop-a', 'ZM-101-ABC', 'Ready for Collection', 'B-2', '2026-11-03T08:00:00Z');
    await record('m4', 'shop-b', 'ZM-101-ABC', 'Printed', 'B-9', '2026-11-02T09:00:00Z');
    await record('m5', 'shop-a', 'ZM-102-KLM', 'Printed', 'B-5', '2026-11-02T10:00:00Z');
    await db.query('DELETE FROM schema_migrations WHERE name = $1', [MIGRATION]);
    expect((await migrate(db)).applied).toEqual([MIGRATION]);
  }, 60_000);
  afterAll(() => db.close());

  it('keeps the first record of each shop’s plate with the latest details', async () => {
    expect(
      await db.query('SELECT id, agent_id, plate_number, status, batch_number FROM manufacturing_records ORDER BY id'),
    ).toEqual([
      { id: 'm1', agent_id: 'shop-a', plate_number: 'ZM-101-ABC', status: 'Ready for Collection', batch_number: 'B-2' },
      { id: 'm4', agent_id: 'shop-b', plate_number: 'ZM-101-ABC', status: 'Printed', batch_number: 'B-9' },
      { id: 'm5', agent_id: 'shop-a', plate_number: 'ZM-102-KLM', status: 'Printed', batch_number: 'B-5' },
    ]);
  });

  it('keeps every version as the record’s history, oldest first', async () => {
    expect(
      await db.query('SELECT record_id, status FROM manufacturing_record_history ORDER BY record_id, seq'),
    ).toEqual([
      { record_id: 'm1', status: 'In Production' },
      { record_id: 'm1', status: 'Printed' },
      { record_id: 'm1', status: 'Ready for Collection' },
      { record_id: 'm4', status: 'Printed' },
      { record_id: 'm5', status: 'Printed' },
    ]);
  });

  it('tells the shop’s devices to drop the copies and sends the kept record with its history', async () => {
    const changes = await db.query<{
      entity_id: string;
      op: string;
      scopes: string[];
      data: Record<string, unknown> | null;
    }>("SELECT entity_id, op, scopes, data FROM change_log WHERE entity = 'manufacturingRecord' ORDER BY seq");
    expect(changes.map((change) => `${change.op}:${change.entity_id}`)).toEqual(['delete:m2', 'delete:m3', 'put:m1']);
    expect(changes[0]?.scopes).toEqual(['agent:shop-a', 'admin']);
    expect(changes[2]?.data).toMatchObject({
      id: 'm1',
      agentId: 'shop-a',
      plateNumber: 'ZM-101-ABC',
      status: 'Ready for Collection',
      batchNumber: 'B-2',
      productionDate: '2026-11-01',
    });
    expect((changes[2]?.data?.history as Array<{ status: string }>).map((version) => version.status)).toEqual([
      'In Production',
      'Printed',
      'Ready for Collection',
    ]);
  });

  it('refuses a second record of a plate in the same shop from now on', async () => {
    await expect(
      db.query(
        "INSERT INTO manufacturing_records (id, agent_id, plate_number, status, batch_number, production_date) VALUES ('m6', 'shop-a', 'ZM-102-KLM', 'Printed', 'B-6', '2026-11-03')",
      ),
    ).rejects.toThrow();
  });
});
