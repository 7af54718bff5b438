/**
 * A USSD step's own work, under the gateway's callback: the per-phone limit and the session
 * read from the step log (in this process's memory on the embedded database, in one read on
 * PostgreSQL), and each step logged exactly once, after its answer, none lost. The service is
 * driven directly, with its own clock; the menu's first screens read no registry.
 * The PostgreSQL part runs when TEST_DATABASE_URL is set, in a throwaway database.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, type Queryable } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { type UssdStepRecord, ussdRepository } from '../../src/server/repositories/ussd-repository';
import { ussdStepLog } from '../../src/server/ussd/step-log';
import { ussdService } from '../../src/server/ussd/ussd-service';
import { openTestDatabase } from './test-app';
import { type ThrowawayDatabase, throwawayDatabase } from './throwaway-postgres';

const MINUTE = 60_000;
const WINDOW = 10 * MINUTE;
const MENU = /^CON Nambala plate check/;
const ASK = /^CON Enter the plate number/;
const TOO_MANY = (minutes: number) =>
  `END Too many requests from this phone. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
const log = pino({ level: 'silent' });

function instance(db: Database, clock: { at: Date }, max = 3) {
  return ussdService({ db, log, now: () => clock.at, sessionIdleMs: 180_000, limit: { max, windowMs: WINDOW } });
}

let sessions = 0;
const step = (service: ReturnType<typeof instance>, phoneNumber: string, text = '', sessionId?: string) =>
  service.answer({ sessionId: sessionId ?? `t-${(sessions += 1)}`, serviceCode: '*384#', phoneNumber, text });

/** Steps of one phone sent all at once to one instance: exactly the limit's worth are answered. */
async function burstOfOnePhone(service: ReturnType<typeof instance>, phone: string) {
  const answers = await Promise.all(Array.from({ length: 6 }, () => step(service, phone)));
  await service.logged();
  return answers.filter((answer) => MENU.test(answer)).length;
}

const record = (overrides: Partial<UssdStepRecord> & { key: string; at: Date }): UssdStepRecord => ({
  sessionId: 'r-1',
  phone: '+260977000001',
  caller: '+260977000001',
  serviceCode: '*384#',
  stepOffset: 0,
  counted: true,
  input: '',
  answer: 'CON x',
  ...overrides,
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The same checks on either database: the one read's count at the limit's edges, and one row per key. */
function stepLogReads(open: () => Promise<Database>) {
  let db: Database;
  beforeAll(async () => {
    db = await open();
  });

  it('counts the steps inside the window only, the counted ones only, and at most the limit', async () => {
    const repository = ussdRepository(db);
    const since = new Date('2026-12-06T10:00:00.000Z');
    const caller = '+260977100200';
    await repository.recordSteps([
      record({ key: uuid(1), caller, sessionId: 'edge', at: since }),
      record({ key: uuid(2), caller, sessionId: 'edge', at: new Date(since.getTime() + 1) }),
      record({ key: uuid(3), caller, sessionId: 'edge', at: new Date(since.getTime() + 2), counted: false }),
      record({ key: uuid(4), caller, sessionId: 'edge', at: new Date(since.getTime() + 3), stepOffset: 2 }),
    ]);
    // The step exactly at the window's start has left it; the refused one never counted.
    expect(await repository.stepContext('edge', caller, since, 30)).toEqual({
      session: { phone: '+260977000001', stepOffset: 2, lastStepAt: '2026-12-06T10:00:00.003Z' },
      hits: 2,
      oldestAt: '2026-12-06T10:00:00.001Z',
    });
    // At most the limit's worth are read: the oldest of the newest `max` is when the phone may step again.
    expect(await repository.stepContext('edge', caller, new Date(since.getTime() - 1), 2)).toMatchObject({
      hits: 2,
      oldestAt: '2026-12-06T10:00:00.001Z',
    });
    expect(await repository.stepContext('never-seen', caller, since, 0)).toEqual({
      session: undefined,
      hits: 0,
      oldestAt: null,
    });
  });

  it('keeps one row for a step written twice with its key', async () => {
    const repository = ussdRepository(db);
    const again = record({ key: uuid(10), sessionId: 'twice', at: new Date('2026-12-06T11:00:00Z') });
    await repository.recordSteps([again]);
    await repository.recordSteps([again, record({ key: uuid(11), sessionId: 'twice', at: again.at, input: '1' })]);
    expect((await repository.steps('twice')).map((logged) => logged.input)).toEqual(['', '1']);
  });
}

describe('the USSD step log on the embedded database', () => {
  stepLogReads(openTestDatabase);
});

describe('the per-phone limit and the session, on the embedded database', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('refuses the step past the limit, counts no refused step, and lets the phone in once its oldest step leaves the window', async () => {
    const clock = { at: new Date('2026-12-06T08:00:00Z') };
    const service = instance(db, clock);
    await service.start();
    const phone = '0977 300 400';
    for (const minute of [0, 1, 2]) {
      clock.at = new Date(Date.parse('2026-12-06T08:00:00Z') + minute * MINUTE);
      expect(await step(service, phone)).toMatch(MENU);
    }
    clock.at = new Date(Date.parse('2026-12-06T08:03:00Z'));
    expect(await step(service, phone)).toBe(TOO_MANY(7));
    // The same phone in another form is the same caller.
    expect(await step(service, '+260977300400')).toBe(TOO_MANY(7));
    // One millisecond before the first step leaves the window, still refused; then one step, and refused again.
    clock.at = new Date(Date.parse('2026-12-06T08:09:59.999Z'));
    expect(await step(service, phone)).toBe(TOO_MANY(1));
    clock.at = new Date(Date.parse('2026-12-06T08:10:00.000Z'));
    expect(await step(service, phone)).toMatch(MENU);
    expect(await step(service, phone)).toBe(TOO_MANY(1));
    await service.logged();
  });

  it("answers no more than the limit's worth of one phone's steps sent at once", async () => {
    const service = instance(db, { at: new Date('2026-12-06T08:30:00Z') });
    await service.start();
    expect(await burstOfOnePhone(service, '+260977300500')).toBe(3);
  });

  it('logs each step once, after its answer, with the screen shown, none lost in a burst', async () => {
    const clock = { at: new Date('2026-12-06T09:00:00Z') };
    const service = instance(db, clock, 0);
    await service.start();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, n) => step(service, `+26097740${String(n).padStart(4, '0')}`, '', `burst-${n}`)),
    );
    expect(answers.every((answer) => MENU.test(answer))).toBe(true);
    await service.logged();
    const [row] = await db.query<{ steps: number; keys: number; sessions: number }>(
      "SELECT count(*)::int AS steps, count(DISTINCT step_key)::int AS keys, count(DISTINCT session_id)::int AS sessions FROM ussd_steps WHERE session_id LIKE 'burst-%'",
    );
    expect(row).toEqual({ steps: 300, keys: 300, sessions: 300 });
    const logged = await ussdRepository(db).steps('burst-7');
    expect(logged).toEqual([expect.objectContaining({ phone: '+260977400007', input: '', answer: answers[7] })]);
  });

  it('remembers, in a process started later, the phone count and where each session stands', async () => {
    const clock = { at: new Date('2026-12-06T12:00:00Z') };
    const first = instance(db, clock);
    await first.start();
    const phone = '+260977500600';
    expect(await step(first, phone, '', 'restart-1')).toMatch(MENU);
    expect(await step(first, phone, '1', 'restart-1')).toMatch(ASK);
    expect(await step(first, phone, '', 'restart-2')).toMatch(MENU);
    await first.logged();

    clock.at = new Date('2026-12-06T12:04:00Z');
    const second = instance(db, clock);
    await second.start();
    // Three steps in the window already: refused by the process that did not count them.
    expect(await step(second, phone, '', 'restart-3')).toBe(TOO_MANY(6));
    // A session idle past the limit starts over in it too.
    const other = instance(db, clock, 30);
    await other.start();
    expect(await step(other, phone, '1*ZM', 'restart-1')).toBe(
      'CON Your session timed out.\nNambala plate check\n1 Check a plate\n2 My plates\n3 Renewal due\n4 Report a plate',
    );
    await Promise.all([second.logged(), other.logged()]);
  });

  it('writes a step once when a write that did commit is reported failed and tried again', async () => {
    let failOnce = true;
    const flaky: Database = {
      ...db,
      async query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]> {
        const rows = await db.query<Row>(text, params);
        if (failOnce && text.includes('INSERT INTO ussd_steps')) {
          failOnce = false;
          throw new Error('connection lost after commit');
        }
        return rows;
      },
      transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn),
    };
    const stepLog = ussdStepLog({ db: flaky, log, retryAfterMs: [1], lingerMs: 0 });
    stepLog.add(record({ key: uuid(20), sessionId: 'flaky', at: new Date('2026-12-06T13:00:00Z') }));
    await stepLog.written();
    expect(failOnce).toBe(false);
    expect(await ussdRepository(db).steps('flaky')).toHaveLength(1);
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('the per-phone limit and the session across two instances on PostgreSQL', () => {
  let throwaway: ThrowawayDatabase | undefined;
  let dbs: Database[] = [];

  beforeAll(async () => {
    throwaway = await throwawayDatabase(baseUrl ?? '', 'nambala_ussd');
    dbs = [await openPostgres(throwaway.url), await openPostgres(throwaway.url)];
    await migrate(dbs[0] as Database);
  });
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await throwaway?.drop();
  });

  describe('the step log', () => {
    stepLogReads(async () => dbs[0] as Database);
  });

  it("answers no more than the limit's worth of one phone's steps sent at once", async () => {
    const service = instance(dbs[0] as Database, { at: new Date('2026-12-06T13:30:00Z') });
    expect(await burstOfOnePhone(service, '+260977700700')).toBe(3);
  });

  it('counts one phone together on both, and a session begun on one continues, or times out, on the other', async () => {
    const clock = { at: new Date('2026-12-06T14:00:00Z') };
    const [a, b] = dbs.map((db) => instance(db, clock));
    if (!a || !b) throw new Error('two instances');
    const phone = '+260977700800';
    expect(await step(a, phone, '', 'pg-1')).toMatch(MENU);
    await a.logged();
    expect(await step(b, phone, '1', 'pg-1')).toMatch(ASK);
    await b.logged();
    expect(await step(a, phone, '', 'pg-2')).toMatch(MENU);
    await a.logged();
    expect(await step(b, phone, '', 'pg-3')).toBe(TOO_MANY(10));
    expect(await step(a, phone, '', 'pg-4')).toBe(TOO_MANY(10));
    await Promise.all([a.logged(), b.logged()]);

    const [c, d] = dbs.map((db) => instance(db, clock, 30));
    if (!c || !d) throw new Error('two instances');
    const other = '+260977700900';
    expect(await step(c, other, '', 'pg-5')).toMatch(MENU);
    await c.logged();
    expect(await step(d, other, '1', 'pg-5')).toMatch(ASK);
    await d.logged();
    clock.at = new Date('2026-12-06T14:03:01Z');
    expect(await step(c, other, '1*ZM', 'pg-5')).toMatch(/^CON Your session timed out\./);
    await c.logged();
  });
});
