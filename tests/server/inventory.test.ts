/** Inventory allocations through push and pull: the administrator allocates, the shop sees it and records receipts against it, refusals say why. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { buildTestAppWithDb } from './test-app';

describe('inventory allocations', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Record<string, string> = {};
  let shopId = '';

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  async function push(cookie: string, intent: string, payload: unknown) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie },
      payload: { clientId: 'tablet', mutations: [{ id: randomUUID(), intent, payload }] },
    });
    expect(response.statusCode).toBe(200);
    return response.json().results[0] as {
      outcome: string;
      status?: number;
      message?: string;
      fields?: Record<string, string>;
      data?: Record<string, unknown>;
    };
  }
  async function pullAll(cookie: string, from?: string) {
    const changes: Array<{ entity: string; id: string; op: string; data: Record<string, unknown> | null }> = [];
    let cursor = from;
    for (let page = 0; page < 200; page += 1) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/sync/pull?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: { cookie },
      });
      const body = response.json();
      changes.push(...body.changes);
      cursor = body.cursor;
      if (!body.hasMore) return { changes, cursor };
    }
    throw new Error('pull never finished');
  }
  const allocation = (overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    shopId,
    plateType: 'Commercial',
    allocatedQuantity: 80,
    note: 'Test delivery',
    ...overrides,
  });
  const receipt = (allocationId: string | null, quantity = 50) => ({
    id: randomUUID(),
    itemType: 'Plate Blanks',
    quantity,
    batchNumber: 'BLK-T1',
    receivedDate: '2026-11-20',
    allocationId,
  });

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    cookies.agent = await signIn('agent@nambala.zm', 'Agent#2026');
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
    const [agent] = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'agent@nambala.zm'");
    shopId = agent?.id ?? '';
  }, 60_000);
  afterAll(() => app.close());

  it('seeds the demo allocations through the same intents: numbered, with the shop’s receipts against them', async () => {
    const rows = await db.query<{ number: number; plate_type: string; allocated_quantity: number; received: string }>(
      `SELECT a.number, a.plate_type, a.allocated_quantity, coalesce(sum(i.quantity), 0)::text AS received
       FROM inventory_allocations a LEFT JOIN agent_inventory_items i ON i.allocation_id = a.id GROUP BY a.id ORDER BY a.number`,
    );
    expect(rows.map((row) => [row.number, row.plate_type, row.allocated_quantity, Number(row.received)])).toEqual([
      [1, 'Standard', 300, 300],
      [2, 'Personalized', 3, 3],
      [3, 'Commercial', 45, 40],
      [4, 'Government', 120, 120],
      [5, 'Standard', 200, 0],
    ]);
    const [audited] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'inventory.allocation.add'",
    );
    expect(audited?.n).toBe(5);
  });

  it('an allocation the administrator adds reaches the shop’s devices and every administrator’s, with its number', async () => {
    const { cursor: shopCursor } = await pullAll(cookies.agent ?? '');
    const { cursor: buyerCursor } = await pullAll(cookies.buyer ?? '');
    const payload = allocation();
    const result = await push(cookies.admin ?? '', 'saveAllocation', payload);
    expect(result).toMatchObject({ outcome: 'applied' });
    const { changes } = await pullAll(cookies.agent ?? '', shopCursor);
    expect(changes).toEqual([
      expect.objectContaining({
        entity: 'inventoryAllocation',
        id: payload.id,
        op: 'put',
        data: expect.objectContaining({
          shopId,
          shopName: 'Cairo Road Plates',
          plateType: 'Commercial',
          allocatedQuantity: 80,
          number: expect.any(Number),
        }),
      }),
    ]);
    // Nobody else's devices.
    expect((await pullAll(cookies.buyer ?? '', buyerCursor)).changes).toEqual([]);
    const admin = await pullAll(cookies.admin ?? '');
    expect(admin.changes.some((change) => change.entity === 'inventoryAllocation' && change.id === payload.id)).toBe(
      true,
    );
  });

  it('the shop records blanks received against its allocation; the administrator pulls the receipt with it', async () => {
    const payload = allocation({ allocatedQuantity: 120 });
    await push(cookies.admin ?? '', 'saveAllocation', payload);
    const { cursor } = await pullAll(cookies.admin ?? '');
    const item = receipt(payload.id, 100);
    expect(await push(cookies.agent ?? '', 'recordInventoryItem', item)).toMatchObject({ outcome: 'applied' });
    const { changes } = await pullAll(cookies.admin ?? '', cursor);
    expect(changes).toEqual([
      expect.objectContaining({
        entity: 'inventoryItem',
        id: item.id,
        data: expect.objectContaining({ allocationId: payload.id, quantity: 100 }),
      }),
    ]);
  });

  it('refuses a receipt against an allocation that is not the shop’s, and raw materials against any allocation', async () => {
    const unknown = await push(cookies.agent ?? '', 'recordInventoryItem', receipt(randomUUID()));
    expect(unknown).toMatchObject({
      outcome: 'rejected',
      status: 422,
      message: 'That allocation is not one of your shop’s allocations.',
    });
    const payload = allocation();
    await push(cookies.admin ?? '', 'saveAllocation', payload);
    const materials = await push(cookies.agent ?? '', 'recordInventoryItem', {
      ...receipt(payload.id),
      itemType: 'Raw Materials',
    });
    expect(materials).toMatchObject({
      outcome: 'rejected',
      status: 400,
      message: expect.stringContaining('Only plate blanks are received against an allocation'),
    });
  });

  it('edits an allocation’s quantity, audited with what changed; once blanks were received it cannot move shop or type, nor be deleted', async () => {
    const payload = allocation({ allocatedQuantity: 60 });
    await push(cookies.admin ?? '', 'saveAllocation', payload);
    expect(await push(cookies.admin ?? '', 'saveAllocation', { ...payload, allocatedQuantity: 75 })).toMatchObject({
      outcome: 'applied',
    });
    const [edited] = await db.query<{ allocated_quantity: number; number: number }>(
      'SELECT allocated_quantity, number FROM inventory_allocations WHERE id = $1',
      [payload.id],
    );
    expect(edited?.allocated_quantity).toBe(75);
    const [audit] = await db.query<{ detail: unknown }>(
      "SELECT detail FROM audit_log WHERE action = 'inventory.allocation.edit' AND target = $1",
      [String(edited?.number)],
    );
    expect(audit?.detail).toEqual({ allocatedQuantity: { from: 60, to: 75 } });

    await push(cookies.agent ?? '', 'recordInventoryItem', receipt(payload.id, 10));
    expect(await push(cookies.admin ?? '', 'saveAllocation', { ...payload, plateType: 'Standard' })).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: expect.stringContaining('can no longer be deleted or moved'),
    });
    expect(await push(cookies.admin ?? '', 'deleteAllocation', { id: payload.id })).toMatchObject({
      outcome: 'rejected',
      status: 409,
    });
    expect(await push(cookies.admin ?? '', 'saveAllocation', { ...payload, allocatedQuantity: 90 })).toMatchObject({
      outcome: 'applied',
    });
  });

  it('deletes an allocation nothing was received against: gone from the shop’s devices, audited; deleting it again changes nothing', async () => {
    const payload = allocation();
    await push(cookies.admin ?? '', 'saveAllocation', payload);
    const { cursor } = await pullAll(cookies.agent ?? '');
    expect(await push(cookies.admin ?? '', 'deleteAllocation', { id: payload.id })).toMatchObject({
      outcome: 'applied',
    });
    expect(await push(cookies.admin ?? '', 'deleteAllocation', { id: payload.id })).toMatchObject({
      outcome: 'applied',
    });
    expect((await pullAll(cookies.agent ?? '', cursor)).changes).toEqual([
      expect.objectContaining({ entity: 'inventoryAllocation', id: payload.id, op: 'delete' }),
    ]);
    const [audited] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'inventory.allocation.delete'",
    );
    expect(audited?.n).toBe(1);
  });

  it('allocates only to an active plate maker, and moving an allocation withdraws it from the first shop', async () => {
    const [pending] = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'newshop@nambala.zm'");
    const [buyer] = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'buyer@nambala.zm'");
    for (const id of [pending?.id, buyer?.id, 'USR-999999']) {
      expect(await push(cookies.admin ?? '', 'saveAllocation', allocation({ shopId: id }))).toMatchObject({
        outcome: 'rejected',
        status: 422,
        fields: { shopId: expect.stringContaining('active plate-maker') },
      });
    }
    const [second] = await db.query<{ id: string }>(
      `INSERT INTO users (id, email, name, password_hash, account_type, user_type, status, business_name) VALUES ('USR-777001', 'second@shop.zm', 'Second Shop', 'x', 'agent', 'AGENT', 'Active', 'Ndola Plates') RETURNING id`,
    );
    const payload = allocation();
    await push(cookies.admin ?? '', 'saveAllocation', payload);
    const { cursor } = await pullAll(cookies.agent ?? '');
    expect(await push(cookies.admin ?? '', 'saveAllocation', { ...payload, shopId: second?.id })).toMatchObject({
      outcome: 'applied',
    });
    expect((await pullAll(cookies.agent ?? '', cursor)).changes).toEqual([
      expect.objectContaining({ id: payload.id, op: 'delete' }),
    ]);
  });

  it('refuses allocations from anyone but an administrator, and bad quantities with their message', async () => {
    expect(await push(cookies.agent ?? '', 'saveAllocation', allocation())).toMatchObject({
      outcome: 'rejected',
      status: 403,
    });
    expect(await push(cookies.buyer ?? '', 'deleteAllocation', { id: randomUUID() })).toMatchObject({
      outcome: 'rejected',
      status: 403,
    });
    expect(await push(cookies.admin ?? '', 'saveAllocation', allocation({ allocatedQuantity: 0 }))).toMatchObject({
      outcome: 'rejected',
      status: 400,
      message: expect.stringContaining('Allocated quantity must be at least 1'),
    });
    expect(await push(cookies.admin ?? '', 'saveAllocation', allocation({ allocatedQuantity: '2.9' }))).toMatchObject({
      outcome: 'rejected',
      status: 400,
      message: expect.stringContaining('Allocated quantity must be a whole number'),
    });
  });

  describe('stock thresholds', () => {
    it('start at the defaults, change with validation, are audited, kept in the history and sent to administrators’ devices', async () => {
      const admin = { cookie: cookies.admin ?? '' };
      expect((await app.inject({ method: 'GET', url: '/api/admin/settings/stock', headers: admin })).json()).toEqual({
        settings: { lowStock: 50, critical: 10 },
        updatedAt: null,
      });
      const bad = await app.inject({
        method: 'PUT',
        url: '/api/admin/settings/stock',
        headers: admin,
        payload: { lowStock: 20, critical: 30 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('The critical threshold must be below the low stock threshold');
      const { cursor } = await pullAll(cookies.admin ?? '');
      const saved = await app.inject({
        method: 'PUT',
        url: '/api/admin/settings/stock',
        headers: admin,
        payload: { lowStock: 80, critical: 15 },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({ settings: { lowStock: 80, critical: 15 }, updatedAt: expect.any(String) });
      const history = (
        await app.inject({ method: 'GET', url: '/api/admin/settings/stock/history', headers: admin })
      ).json().history;
      expect(history).toEqual([
        expect.objectContaining({
          settings: { lowStock: 80, critical: 15 },
          previous: { lowStock: 50, critical: 10 },
          changedBy: expect.objectContaining({ name: 'Bwalya Mulenga' }),
        }),
      ]);
      expect((await pullAll(cookies.admin ?? '', cursor)).changes).toEqual([
        expect.objectContaining({
          entity: 'setting',
          id: 'stockThresholds',
          data: expect.objectContaining({ value: { lowStock: 80, critical: 15 } }),
        }),
      ]);
      // The prices' history is its own.
      expect(
        (await app.inject({ method: 'GET', url: '/api/admin/settings/pricing/history', headers: admin })).json()
          .history,
      ).toEqual([]);
    });

    it('are changed by administrators only', async () => {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/admin/settings/stock',
        headers: { cookie: cookies.agent ?? '' },
        payload: { lowStock: 80, critical: 15 },
      });
      expect(response.statusCode).toBe(403);
    });
  });
});
