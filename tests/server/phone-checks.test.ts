/**
 * Plate checks from any phone: the USSD gateway's callback (each screen, the 182-character
 * limit, sessions that time out, what a caller sees by whether the phone is an account's, a
 * report stored as an integrity alert, the per-phone limit, who may call) and a plate number
 * texted to the service's number, answered by SMS.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gsm7Length, isGsm7 } from '#domain/ussd/gsm7';
import { NOT_LINKED, USSD_SCREEN_LIMIT } from '#domain/ussd/ussd-menu';
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { integrityAlertRepository } from '../../src/server/repositories/integrity-alert-repository';
import { plateRepository } from '../../src/server/repositories/plate-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { ussdRepository } from '../../src/server/repositories/ussd-repository';
import { workAfterAnswers } from '../../src/server/plugins/after-answer';
import { openTestDatabase, signIn } from './test-app';

const SECRET = 'a-shared-secret-of-32-characters';
const BUYER_PHONE = '+260971234567';
const STRANGER_PHONE = '+260955000111';

async function build(db: Database, overrides: Partial<ServerConfig>, now?: () => Date): Promise<FastifyInstance> {
  const config = loadConfig(
    {},
    {
      dataDir: 'memory://',
      seedDemo: true,
      appDir: '/nonexistent',
      logLevel: 'silent',
      demoRegistryPlates: 300,
      publicVerdictCacheMs: 0,
      authRateLimit: 0,
      ...overrides,
    },
  );
  return buildApp({ config, db, logger: false, now });
}

let clock = new Date('2026-12-06T10:00:00Z');
let db: Database;
let gateway: FastifyInstance;
let sandbox: FastifyInstance;
let limited: FastifyInstance;
let adminCookie: string;
let session = 0;

/** One step as an aggregator posts it: a form, with the shared secret. */
async function step(text: string, options: { sessionId?: string; phone?: string; app?: FastifyInstance } = {}) {
  const response = await (options.app ?? gateway).inject({
    method: 'POST',
    url: '/api/ussd/callback',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-gateway-secret': SECRET },
    payload: new URLSearchParams({
      sessionId: options.sessionId ?? `s-${(session += 1)}`,
      serviceCode: '*384*1#',
      phoneNumber: options.phone ?? STRANGER_PHONE,
      text,
    }).toString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  // The step is logged after its answer, as a gateway's next step comes after the caller has typed.
  await workAfterAnswers();
  return response.body;
}

beforeAll(async () => {
  db = await openTestDatabase();
  gateway = await build(db, { ussdGateway: 'aggregator', ussdGatewaySecret: SECRET }, () => clock);
  // The same database, a second instance: the sandbox gateway, as by default.
  sandbox = await build(db, {});
  limited = await build(db, { ussdGateway: 'aggregator', ussdGatewaySecret: SECRET, phoneCheckLimit: 3 });
  adminCookie = await signIn(sandbox, 'admin@nambala.zm', 'Admin#2026');
  const buyer = (await userRepository(db).findCredentials('buyer@nambala.zm'))?.user;
  await userRepository(db).setPhone(buyer?.id ?? '', '0971 234 567');
}, 120_000);

afterAll(async () => {
  await Promise.all([gateway.close(), sandbox.close(), limited.close()]);
  await db.close();
});

describe('the USSD menu through the gateway', () => {
  it('shows the menu on the first step and asks for the plate on "1"', async () => {
    expect(await step('')).toBe(
      'CON Nambala plate check\n1 Check a plate\n2 My plates\n3 Renewal due\n4 Report a plate',
    );
    expect(await step('1')).toBe('CON Enter the plate number, e.g. ZM-123-ABC');
  });

  it('says a stolen plate is stolen, and a valid one until when and on which vehicle, within 182 characters', async () => {
    const stolen = await step('1*ZM789GHI');
    expect(stolen).toBe(
      'END ZM-789-GHI: Reported stolen - do not buy, call the police. Registered to a White Toyota Hilux',
    );
    const valid = await step('1*ZM-123-ABC');
    expect(valid).toMatch(/^END ZM-123-ABC: Valid until \d{1,2} \w{3,4} \d{4}, Silver Toyota Corolla$/);
    for (const text of [
      '',
      '1',
      '1*ZM789GHI',
      '1*ZM-456-DEF',
      '1*ZM-321-XYZ',
      '1*ZM-000-QQQ',
      '1*#',
      '2',
      '3',
      '4',
      '4*ZM123ABC',
      '9',
    ]) {
      const answer = await step(text, { phone: BUYER_PHONE });
      expect(gsm7Length(answer), answer).toBeLessThanOrEqual(USSD_SCREEN_LIMIT);
      expect(isGsm7(answer)).toBe(true);
      expect(answer).toMatch(/^(CON|END) /);
    }
  });

  it('never tells a caller the owner of a plate', async () => {
    const answer = await step('1*ZM789GHI', { phone: BUYER_PHONE });
    expect(answer).not.toContain('Joseph Lungu');
  });

  it("lists the plates of the account the phone is linked to, and nothing to a phone that is no one's", async () => {
    const buyer = (await userRepository(db).findCredentials('buyer@nambala.zm'))?.user;
    const owned = await plateRepository(db).ownedBy(buyer?.id ?? '');
    expect(owned.length).toBeGreaterThan(0);
    const mine = await step('2', { phone: BUYER_PHONE });
    expect(mine).toMatch(/^END Your plates:\n/);
    expect(mine).toContain(owned[0]?.plateNumber);
    expect(await step('2', { phone: STRANGER_PHONE })).toBe(`END ${NOT_LINKED}`);
    expect(await step('3', { phone: STRANGER_PHONE })).toBe(`END ${NOT_LINKED}`);
  });

  it('tells a linked phone which plates are due for renewal and how to pay by mobile money', async () => {
    const answer = await step('3', { phone: BUYER_PHONE });
    // The demo owner has a registration ending in 45 days.
    expect(answer).toMatch(/^END Renewal due:\n[A-Z0-9 -]+ by .+\nPay K[\d,.]+ each by MTN or Airtel Money/);
  });

  it('stores a report of a plate as an integrity alert for the administrators', async () => {
    const sessionId = 'report-session';
    expect(await step('4', { sessionId })).toBe('CON Enter the number of the plate to report, e.g. ZM-123-ABC');
    expect(await step('4*ZM123ABC', { sessionId })).toBe(
      'CON Report ZM-123-ABC as:\n1 Stolen\n2 Suspicious (wrong car, altered plate)',
    );
    const done = await step('4*ZM123ABC*2', { sessionId });
    expect(done).toMatch(/^END Thank you. Your report of ZM-123-ABC was sent to the registry/);
    const alerts = await integrityAlertRepository(db).list();
    const alert = alerts.find((item) => item.kind === 'phone-report' && item.plateNumber === 'ZM-123-ABC');
    expect(alert).toMatchObject({ status: 'Open', subjectId: null });
    expect(alert?.evidence).toMatchObject({ phone: STRANGER_PHONE, channel: 'USSD' });
    // Each step of the session is in the log, with what was shown.
    const steps = await ussdRepository(db).steps(sessionId);
    expect(steps.map((logged) => logged.input)).toEqual(['4', '4*ZM123ABC', '4*ZM123ABC*2']);
    expect(steps[2]?.answer).toBe(done);
  });

  it('starts a session over when it was idle past the limit, as gateways do', async () => {
    const sessionId = 'idle-session';
    expect(await step('1', { sessionId })).toMatch(/^CON Enter the plate number/);
    clock = new Date(clock.getTime() + 181_000);
    expect(await step('1*ZM789GHI', { sessionId })).toBe(
      'CON Your session timed out.\nNambala plate check\n1 Check a plate\n2 My plates\n3 Renewal due\n4 Report a plate',
    );
    // What was typed before is not read again.
    expect(await step('1*ZM789GHI*1', { sessionId })).toBe('CON Enter the plate number, e.g. ZM-123-ABC');
    clock = new Date(clock.getTime() + 60_000);
    expect(await step('1*ZM789GHI*1*ZM789GHI', { sessionId })).toMatch(/^END ZM-789-GHI: Reported stolen/);
  });

  it('ends with a clear message when a phone is over its limit', async () => {
    const phone = '+260966000222';
    for (const text of ['', '1', '1*ZM789GHI'])
      expect(await step(text, { phone, app: limited })).not.toMatch(/Too many/);
    expect(await step('', { phone, app: limited })).toBe(
      'END Too many requests from this phone. Please try again in 10 minutes.',
    );
    // Another phone is not held back.
    expect(await step('', { phone: '+260966000333', app: limited })).toMatch(/^CON /);
  });

  it('refuses a call without the shared secret, or with a wrong one', async () => {
    const payload = new URLSearchParams({
      sessionId: 'x',
      serviceCode: '*384#',
      phoneNumber: STRANGER_PHONE,
      text: '',
    });
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const none = await gateway.inject({
      method: 'POST',
      url: '/api/ussd/callback',
      headers,
      payload: payload.toString(),
    });
    expect(none.statusCode).toBe(401);
    const wrong = await gateway.inject({
      method: 'POST',
      url: '/api/ussd/callback',
      headers: { ...headers, 'x-gateway-secret': 'not-the-secret-of-32-characters!' },
      payload: payload.toString(),
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses a call from an address not on the allow-list', async () => {
    const allowList = await build(db, { ussdGateway: 'aggregator', ussdGatewayAllow: '10.0.0.5' });
    try {
      const payload = new URLSearchParams({ sessionId: 'y', phoneNumber: STRANGER_PHONE, text: '' }).toString();
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };
      const outsider = await allowList.inject({ method: 'POST', url: '/api/ussd/callback', headers, payload });
      expect(outsider.statusCode).toBe(403);
      const listed = await allowList.inject({
        method: 'POST',
        url: '/api/ussd/callback',
        headers,
        payload,
        remoteAddress: '10.0.0.5',
      });
      expect(listed.body).toMatch(/^CON /);
    } finally {
      await allowList.close();
    }
  });

  it('will not start a real gateway with neither a secret nor an allow-list', async () => {
    await expect(build(db, { ussdGateway: 'aggregator' })).rejects.toThrow(/USSD_GATEWAY_SECRET/);
  });

  it('answers a malformed step with 400 and a clear message', async () => {
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/ussd/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-gateway-secret': SECRET },
      payload: 'serviceCode=*384%23&text=',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/sessionId/);
  });
});

describe('the sandbox gateway', () => {
  const body = { sessionId: 'sim-1', serviceCode: '*384#', phoneNumber: STRANGER_PHONE, text: '1*ZM789GHI' };

  it('answers an administrator in JSON, as the simulator reads it', async () => {
    const response = await sandbox.inject({
      method: 'POST',
      url: '/api/ussd/callback',
      headers: { cookie: adminCookie, accept: 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().answer).toMatch(/^END ZM-789-GHI: Reported stolen/);
  });

  it('is closed to anyone who is not an administrator', async () => {
    const anonymous = await sandbox.inject({ method: 'POST', url: '/api/ussd/callback', payload: body });
    expect(anonymous.statusCode).toBe(401);
    const buyer = await signIn(sandbox, 'buyer@nambala.zm', 'Buyer#2026');
    const refused = await sandbox.inject({
      method: 'POST',
      url: '/api/ussd/callback',
      headers: { cookie: buyer },
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    // A gateway's secret opens nothing on the sandbox.
    const forged = await sandbox.inject({
      method: 'POST',
      url: '/api/ussd/callback',
      headers: { 'x-gateway-secret': SECRET },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('a plate number by SMS', () => {
  async function text(message: Record<string, string>, cookie = adminCookie) {
    return sandbox.inject({ method: 'POST', url: '/api/sms/inbound', headers: { cookie }, payload: message });
  }

  it('answers with the public verdict in one SMS, listed under Sent messages with the text it answers', async () => {
    const response = await text({ from: '0966 123 000', text: 'zm789ghi', id: 'sms-1' });
    expect(response.json()).toEqual({ outcome: 'answered' });
    const page = await sandbox.inject({ method: 'GET', url: '/api/admin/messages', headers: { cookie: adminCookie } });
    const reply = page.json().messages.find((message: { to: string }) => message.to === '+260966123000');
    expect(reply).toMatchObject({
      channel: 'sms',
      kind: 'plate-check-reply',
      body: 'Nambala: ZM-789-GHI: Reported stolen - do not buy, call the police. Registered to a White Toyota Hilux',
      inReplyTo: { from: '+260966123000', body: 'zm789ghi' },
    });
    expect(gsm7Length(reply.body)).toBeLessThanOrEqual(160);
    expect(isGsm7(reply.body)).toBe(true);
  });

  it('answers a delivery the provider repeats only once', async () => {
    expect((await text({ from: '+260966123001', text: 'ZM-123-ABC', id: 'sms-2' })).json().outcome).toBe('answered');
    expect((await text({ from: '+260966123001', text: 'ZM-123-ABC', id: 'sms-2' })).json().outcome).toBe('repeated');
  });

  it('explains a text that is not a plate number, in one SMS', async () => {
    await text({ from: '+260966123002', text: 'hello there, is this car ok?', id: 'sms-3' });
    const page = await sandbox.inject({ method: 'GET', url: '/api/admin/messages', headers: { cookie: adminCookie } });
    const reply = page.json().messages.find((message: { to: string }) => message.to === '+260966123002');
    expect(reply.body).toMatch(/^Nambala: .+\. Text a plate number, e.g. ZM-123-ABC, to check it\.$/);
    expect(gsm7Length(reply.body)).toBeLessThanOrEqual(160);
  });

  it('is closed to anyone but the provider (in the sandbox, an administrator)', async () => {
    const anonymous = await sandbox.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      payload: { from: '+260966123003', text: 'ZM-123-ABC' },
    });
    expect(anonymous.statusCode).toBe(401);
    const buyer = await signIn(sandbox, 'buyer@nambala.zm', 'Buyer#2026');
    expect((await text({ from: '+260966123003', text: 'ZM-123-ABC' }, buyer)).statusCode).toBe(403);
  });

  it('does not answer a phone over its limit of checks', async () => {
    const send = () =>
      limited.inject({
        method: 'POST',
        url: '/api/sms/inbound',
        headers: { cookie: adminCookie },
        payload: { from: '+260966123009', text: 'ZM-123-ABC' },
      });
    for (let i = 0; i < 3; i += 1) expect((await send()).json().outcome).toBe('answered');
    expect((await send()).json().outcome).toBe('over-limit');
  });

  it('answers a bad sender with 400', async () => {
    const response = await text({ from: 'not a phone', text: 'ZM-123-ABC' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/from must be a phone number/);
  });
});
