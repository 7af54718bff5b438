import { afterEach, describe, expect, it, vi } from 'vitest';
import { refusalFields, refusalReason, runCommand } from '../../../src/app/api/command';
import { importFleet, IMPORT_NEEDS_CONNECTION } from '../../../src/app/features/fleet/fleet-api';
import { RENEWAL_LOST, startRenewal } from '../../../src/app/renewals/renewal-api';
import { answerSandboxPrompt, NEEDS_CONNECTION } from '../../../src/app/payments/payment-api';

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function serve(response: () => Response) {
  const fetchMock = vi.fn(async (_path: string, _init: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function offline() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}

describe('runCommand', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the write as JSON and answers applied with what the server said', async () => {
    const fetchMock = serve(() => answer(201, { id: 'p1' }));
    expect(await runCommand({ method: 'PUT', path: '/api/things/p1', body: { name: 'A' } })).toEqual({
      status: 'applied',
      value: { id: 'p1' },
    });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/things/p1');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"name":"A"}');
  });

  it('sends no body when there is none, and an empty answer is still applied', async () => {
    const fetchMock = serve(() => answer(204));
    expect(await runCommand({ method: 'POST', path: '/api/auth/logout' })).toEqual({
      status: 'applied',
      value: undefined,
    });
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
  });

  it('takes from the answer what the caller accepts', async () => {
    serve(() => answer(200, { payment: { id: 'pay-1' } }));
    const outcome = await runCommand({
      method: 'POST',
      path: '/api/payments/pay-1/card',
      accept: (body: { payment?: { id: string } }) => body.payment,
    });
    expect(outcome).toEqual({ status: 'applied', value: { id: 'pay-1' } });
  });

  it('takes a falsy value that is there (an import of none)', async () => {
    serve(() => answer(200, { imported: 0 }));
    const outcome = await runCommand({
      method: 'POST',
      path: '/api/fleet/import',
      accept: (body: { imported?: number }) => body.imported,
    });
    expect(outcome).toEqual({ status: 'applied', value: 0 });
  });

  it('reads a 2xx answer without what was asked for as a refusal', async () => {
    serve(() => answer(200, { message: 'Odd answer.' }));
    const outcome = await runCommand({
      method: 'POST',
      path: '/api/payments/pay-1/card',
      accept: (body: { payment?: { id: string } }) => body.payment,
    });
    expect(outcome).toEqual({
      status: 'refused',
      reason: 'Odd answer.',
      fields: {},
      httpStatus: 200,
      answer: { message: 'Odd answer.' },
    });
  });

  it('answers refused with the server’s words, field messages and status', async () => {
    const body = { statusCode: 422, message: 'Check the card.', fields: { card: 'Card number is not valid.' } };
    serve(() => answer(422, body));
    const outcome = await runCommand({ method: 'POST', path: '/api/payments/pay-1/card', body: {} });
    expect(outcome).toEqual({
      status: 'refused',
      reason: 'Check the card.',
      fields: { card: 'Card number is not valid.' },
      httpStatus: 422,
      answer: body,
    });
    if (outcome.status !== 'refused') throw new Error('refused expected');
    expect(refusalReason(outcome)).toBe('Check the card.');
    expect(refusalFields(outcome)).toEqual({ fields: { card: 'Card number is not valid.' } });
  });

  it('names the status when the server gave no words, and no fields when it gave none', async () => {
    serve(() => answer(500));
    const outcome = await runCommand({ method: 'DELETE', path: '/api/things/p1' });
    expect(outcome).toEqual({ status: 'refused', reason: null, fields: {}, httpStatus: 500, answer: undefined });
    if (outcome.status !== 'refused') throw new Error('refused expected');
    expect(refusalReason(outcome)).toBe('The server answered 500.');
    expect(refusalFields(outcome)).toEqual({});
  });

  it('answers needs-connection when the server cannot be reached', async () => {
    offline();
    expect(await runCommand({ method: 'PATCH', path: '/api/things/p1', body: {} })).toEqual({
      status: 'needs-connection',
    });
  });

  it('throws what is not an unreachable server', async () => {
    serve(() => answer(200, {}));
    await expect(
      runCommand({
        method: 'POST',
        path: '/api/things',
        accept: () => {
          throw new RangeError('bad');
        },
      }),
    ).rejects.toThrow(RangeError);
  });
});

describe('writes on the command path keep their answers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a payment answer: the receipt, the server’s refusal, or needs a connection', async () => {
    serve(() => answer(200, { payment: { id: 'pay-1' } }));
    expect(await answerSandboxPrompt('pay-1', 'approve')).toEqual({ ok: true, payment: { id: 'pay-1' } });
    serve(() => answer(409, { message: 'Already answered.', fields: { answer: 'Too late.' } }));
    expect(await answerSandboxPrompt('pay-1', 'approve')).toEqual({
      ok: false,
      message: 'Already answered.',
      fields: { answer: 'Too late.' },
    });
    offline();
    expect(await answerSandboxPrompt('pay-1', 'approve')).toEqual({ ok: false, message: NEEDS_CONNECTION });
  });

  it('a renewal behind a gateway that lost the answer is lost, not refused', async () => {
    serve(() => answer(504, { message: 'Gateway Timeout' }));
    expect(await startRenewal('ABC 1234', { idempotencyKey: 'k1', method: 'airtel' })).toEqual({
      ok: false,
      message: RENEWAL_LOST,
      isLost: true,
    });
    serve(() => answer(503));
    expect(await startRenewal('ABC 1234', { idempotencyKey: 'k1', method: 'airtel' })).toEqual({
      ok: false,
      message: 'The server answered 503.',
      isLost: false,
    });
  });

  it('a fleet import’s refusal keeps its errors row by row', async () => {
    serve(() => answer(400, { message: 'Row 2: bad plate. Nothing was imported.', errors: ['Row 2: bad plate.'] }));
    expect(await importFleet('plate\nX')).toEqual({
      ok: false,
      message: 'Row 2: bad plate. Nothing was imported.',
      errors: ['Row 2: bad plate.'],
      goodRows: 0,
    });
    serve(() => answer(201, { imported: 0, added: 0, updated: 0, unchanged: 3, skipped: [], vehicles: [] }));
    expect(await importFleet('plate\nX')).toEqual({ ok: true, added: 0, updated: 0, unchanged: 3, skipped: [] });
    offline();
    expect(await importFleet('plate\nX')).toEqual({
      ok: false,
      message: IMPORT_NEEDS_CONNECTION,
      errors: [],
      goodRows: 0,
    });
  });
});
