/**
 * The demo data tells one story: read from a freshly seeded database, every person, plate,
 * payment, order and message agrees with every other. Each invariant is one a visitor
 * trying the demo would otherwise trip over (issue: demo data that contradicts itself).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMobileMoneyPhone } from '#domain/payments/payment';
import type { Database } from '../../src/server/db/database';
import { buildTestAppWithDb } from './test-app';

const PLATE = /\bZM-\d{3}-[A-Z]{2,3}\b/g;

describe('the demo data set', () => {
  let app: FastifyInstance;
  let db: Database;

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
  }, 60_000);
  afterAll(() => app.close());

  it('gives each NRC number to one person, wherever it is written', async () => {
    const pairs = await db.query<{ nrc: string; name: string; source: string }>(
      `SELECT nrc_number AS nrc, applicant_name AS name, 'application ' || reference AS source FROM plate_requests
       UNION ALL SELECT owner_nrc, owner_name, 'registry ' || plate_number FROM registered_plates WHERE owner_nrc <> ''
       UNION ALL SELECT owner_nrc, owner_name, 'purchase ' || id FROM purchase_orders WHERE owner_nrc <> ''
       UNION ALL SELECT owner_nrc, owner_name, 'payment ' || number FROM payments WHERE owner_nrc IS NOT NULL AND owner_nrc <> ''
       UNION ALL SELECT nrc, name, 'insurance customer ' || name FROM insurance_customers`,
    );
    expect(pairs.length).toBeGreaterThan(5);
    const names = new Map<string, Set<string>>();
    for (const { nrc, name } of pairs) names.set(nrc, (names.get(nrc) ?? new Set()).add(name.trim().toLowerCase()));
    const shared = [...names].filter(([, people]) => people.size > 1).map(([nrc, people]) => `${nrc}: ${[...people]}`);
    expect(shared).toEqual([]);
  });

  it('pays by mobile money only from a number on that network', async () => {
    const payments = await db.query<{ number: number; method: 'mtn' | 'airtel'; payer_phone: string }>(
      "SELECT number, method, payer_phone FROM payments WHERE method IN ('mtn', 'airtel') ORDER BY number",
    );
    expect(payments.length).toBeGreaterThan(0);
    const wrong = payments
      .filter((payment) => !checkMobileMoneyPhone(payment.method, payment.payer_phone).ok)
      .map((payment) => `PAY-${String(payment.number).padStart(6, '0')} ${payment.method} ${payment.payer_phone}`);
    expect(wrong).toEqual([]);
  });

  it('gives a plate shop an order only for an approved application', async () => {
    const orders = await db.query<{ id: string; status: string | null }>(
      `SELECT o.id, r.status FROM agent_orders o JOIN plate_requests r ON r.id = o.request_id ORDER BY o.id`,
    );
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.filter((order) => order.status !== 'Approved')).toEqual([]);
  });

  it('tells each person only about plates that are theirs, or that they were asked about', async () => {
    const told = await db.query<{ user_id: string; email: string; text: string }>(
      `SELECT n.user_id, u.email, n.title || ' ' || n.body AS text FROM notifications n JOIN users u ON u.id = n.user_id`,
    );
    const theirs = await db.query<{ user_id: string; plate_number: string }>(
      `SELECT owner_id AS user_id, plate_number FROM registered_plates WHERE owner_id IS NOT NULL
       UNION SELECT r.applicant_id, p.plate_number FROM request_plates p JOIN plate_requests r ON r.id = p.request_id
       UNION SELECT buyer_id, plate_number FROM purchase_orders
       UNION SELECT agent_id, plate_number FROM insurance_policies
       UNION SELECT account_id, plate_number FROM insurance_requests WHERE plate_number IS NOT NULL
       UNION SELECT agent_id, plate_number FROM insurance_requests WHERE plate_number IS NOT NULL`,
    );
    const known = new Set(theirs.map((row) => `${row.user_id} ${row.plate_number}`));
    expect(told.length).toBeGreaterThan(0);
    const strangers = told.flatMap((notification) =>
      [...notification.text.matchAll(PLATE)]
        .map(([plate]) => plate)
        .filter((plate) => !known.has(`${notification.user_id} ${plate}`))
        .map((plate) => `${notification.email}: ${plate} in “${notification.text.slice(0, 80)}”`),
    );
    expect(strangers).toEqual([]);
  });

  it('writes days as people read them in every notification and message it sent', async () => {
    const texts = await db.query<{ text: string }>(
      `SELECT title || ' ' || body AS text FROM notifications
       UNION ALL SELECT coalesce(subject, '') || ' ' || body FROM message_outbox`,
    );
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.map((row) => row.text).filter((text) => /\b\d{4}-\d{2}-\d{2}\b/.test(text))).toEqual([]);
  });
});
