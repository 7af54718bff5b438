import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAY_AGAIN_OFFLINE,
  payApplicationAgain,
  SUBMIT_FAILED,
  SUBMIT_OFFLINE,
  SUBMIT_SIGN_IN,
  submitApplication,
} from '../../../src/app/applications/application-api';
import type { ApplicationToSend } from '../../../src/app/applications/application-fields';

const application: ApplicationToSend = {
  fullName: 'Chanda Mulenga',
  nrcNumber: '123456/78/9',
  phoneNumber: '+260 97 1234567',
  email: 'c@example.zm',
  address: 'Lusaka',
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  vehicleRegistration: '',
  registrationNotYetKnown: true,
  numberOfPlates: 2,
  paymentMethod: 'airtel',
  payerPhone: '+260 97 1234567',
};

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('submitApplication', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the application with its id and payment details, and returns the server’s reference and payment', async () => {
    const payment = { id: 'pay-1', status: 'pending' };
    const fetchMock = vi.fn(async (_path: string, _init: RequestInit) =>
      answer(201, { reference: 'LP-654321', requestId: 'REQ-001', status: 'Pending', payment }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await submitApplication('app-1', application)).toEqual({ ok: true, reference: 'LP-654321', payment });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/applications');
    expect(JSON.parse(String(init?.body))).toEqual({ id: 'app-1', ...application });
  });

  it('returns the same reference when the server recognises a repeated submit', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(200, { reference: 'LP-654321', payment: null })),
    );
    expect(await submitApplication('app-1', application)).toEqual({ ok: true, reference: 'LP-654321', payment: null });
  });

  it('asks for sign-in when the server does not know the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, { message: 'Please sign in to continue.' })),
    );
    expect(await submitApplication('app-1', application)).toEqual({
      ok: false,
      failure: 'sign-in',
      message: SUBMIT_SIGN_IN,
      errors: {},
    });
  });

  it('passes on a refusal that is not about one field, marking a changed resubmit as a conflict', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(409, { message: 'This application was already submitted with other details.' })),
    );
    expect(await submitApplication('app-1', application)).toEqual({
      ok: false,
      failure: 'conflict',
      message: 'This application was already submitted with other details.',
      errors: {},
    });
  });

  it('says it could not submit when the server fails without words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    expect(await submitApplication('app-1', application)).toEqual({
      ok: false,
      failure: 'refused',
      message: SUBMIT_FAILED,
      errors: {},
    });
  });

  it('says the application waits on the device when offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await submitApplication('app-1', application)).toEqual({
      ok: false,
      failure: 'offline',
      message: SUBMIT_OFFLINE,
      errors: {},
    });
  });

  it('passes on the server’s field messages, the payment details’ too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(400, {
          message: 'Invalid email format',
          fields: {
            email: 'Invalid email format',
            payerPhone: 'Not on Airtel',
            card: 'Card number is not valid',
            other: 'x',
          },
        }),
      ),
    );
    expect(await submitApplication('app-1', application)).toEqual({
      ok: false,
      failure: 'refused',
      message: null,
      errors: { email: 'Invalid email format', payerPhone: 'Not on Airtel', card: 'Card number is not valid' },
    });
  });
});

describe('payApplicationAgain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const retry = { idempotencyKey: '0190f5d2-0000-7000-8000-00000000beef', method: 'mtn' as const, phone: '0961234567' };

  it('starts a new payment for the application with the attempt’s key', async () => {
    const payment = { id: 'pay-2', status: 'pending' };
    const fetchMock = vi.fn(async (_path: string, _init: RequestInit) =>
      answer(201, { reference: 'LP-000001', payment }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await payApplicationAgain('app 1', retry)).toEqual({ ok: true, payment });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/applications/app%201/payments');
    expect(JSON.parse(String(init?.body))).toEqual(retry);
  });

  it('puts the route’s phone and method messages on the wizard’s fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(400, { message: 'x', fields: { phone: 'Not on MTN', method: 'Please select a payment method' } }),
      ),
    );
    expect(await payApplicationAgain('app-1', retry)).toEqual({
      ok: false,
      failure: 'refused',
      message: null,
      errors: { payerPhone: 'Not on MTN', paymentMethod: 'Please select a payment method' },
    });
  });

  it('says nothing was charged when offline, and passes on a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await payApplicationAgain('app-1', retry)).toEqual({
      ok: false,
      failure: 'offline',
      message: PAY_AGAIN_OFFLINE,
      errors: {},
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(409, { message: 'This application is already paid.' })),
    );
    expect(await payApplicationAgain('app-1', retry)).toEqual({
      ok: false,
      failure: 'conflict',
      message: 'This application is already paid.',
      errors: {},
    });
  });
});
