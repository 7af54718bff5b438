/**
 * A pull's page as the database writes it (decision 031): its JSON is the changes as they were
 * recorded, whatever their text holds; only the user's scopes are kept, in log order; and a
 * walk that passes many changes of other scopes still fills the page and says where it stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../../src/server/db/database';
import { openTestDatabase } from './test-app';
import { migrate } from '../../src/server/db/migrate';
import { changeLogRepository } from '../../src/server/repositories/change-log-repository';

let db: Database;
const START = { txid: '0', seq: '0' };

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
});

afterAll(async () => {
  await db.close();
});

/** Every change of `scopes` from the start, page by page, with the number of pages. */
async function pullAll(scopes: string[], limit: number) {
  const changes: Array<{ entity: string; id: string; op: string; data: unknown }> = [];
  let after = START;
  for (let pages = 1; ; pages += 1) {
    const page = await changeLogRepository(db).page(scopes, after, limit);
    const parsed = JSON.parse(page.changesJson) as typeof changes;
    expect(parsed).toHaveLength(page.count);
    expect(page.count).toBeLessThanOrEqual(limit);
    changes.push(...parsed);
    after = page.next;
    if (!page.hasMore) return { changes, pages };
  }
}

describe('a pull page written by the database', () => {
  it('gives back exactly what was recorded: quotes, backslashes, new lines, other scripts, numbers and nulls', async () => {
    const log = changeLogRepository(db);
    const data = {
      ownerName: 'Mwila "Junior" Banda\\Chanda',
      notes: 'line one\nline two\ttabbed \u0001 and a nul-free control',
      place: 'Lusaka — Kabwata, ✓ ñ 中文 🚗',
      vehicleYear: 2019,
      price: 300.5,
      large: 12345678901234,
      isPaid: false,
      missing: null,
      nested: { list: [1, 'two', { three: 3 }] },
    };
    await log.record(['text:a'], 'whitebookEntry', 'id with "quotes" and \\', 'put', data);
    await log.record(['text:a'], 'whitebookEntry', 'gone', 'delete', null);
    const { changes } = await pullAll(['text:a'], 10);
    expect(changes).toEqual([
      { entity: 'whitebookEntry', id: 'id with "quotes" and \\', op: 'put', data },
      { entity: 'whitebookEntry', id: 'gone', op: 'delete', data: null },
    ]);
  });

  it('keeps only the user’s scopes, in log order, across a walk that passes thousands of other changes', async () => {
    // 5,000 changes: every seventh is this user's, so a page of 100 takes several steps of the walk.
    await db.query(
      `INSERT INTO change_log (scopes, entity, entity_id, op, data)
       SELECT CASE WHEN g % 7 = 0 THEN ARRAY['walk:mine', 'walk:other'] ELSE ARRAY['walk:other'] END,
              'whitebookEntry', 'walk-' || g, 'put', jsonb_build_object('n', g)
       FROM generate_series(1, 5000) AS g`,
    );
    const mine = await pullAll(['walk:mine'], 100);
    const expected = Array.from({ length: Math.floor(5000 / 7) }, (_, index) => `walk-${(index + 1) * 7}`);
    expect(mine.changes.map((change) => change.id)).toEqual(expected);
    expect(mine.pages).toBe(Math.ceil(expected.length / 100));
    // A page of 2,500 (the most a device asks for) of someone who sees them all, and the rest.
    const all = await pullAll(['walk:other'], 2500);
    expect(all.changes).toHaveLength(5000);
    expect(all.pages).toBe(2);
  });

  it('counts what is still to come on a first page only', async () => {
    const first = await changeLogRepository(db).page(['walk:other'], START, 1000);
    expect(first.hasMore).toBe(true);
    expect(first.remaining).toBe(4000);
    const second = await changeLogRepository(db).page(['walk:other'], first.next, 1000);
    expect(second.remaining).toBe(0);
    expect((JSON.parse(second.changesJson) as Array<{ id: string }>)[0]?.id).toBe('walk-1001');
  });

  it('answers an empty page with the fence as its cursor when nothing of the user’s scopes is left', async () => {
    const page = await changeLogRepository(db).page(['nobody'], START, 100);
    expect(page).toMatchObject({ changesJson: '[]', count: 0, hasMore: false, remaining: 0 });
    expect(BigInt(page.next.txid)).toBeGreaterThan(0n);
    expect(page.next.seq).toBe('0');
  });
});
