import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Application } from '#domain/applications/application-form';
import { SUBMIT_NOT_OPEN, SUBMIT_OFFLINE, submitApplication } from '../../../../src/app/features/buy-process/application-api';

const application: Application = {
  fullName: 'Chanda Mulenga',
  nrcNumber: '123456/78/9',
  phoneNumber: '+260 97 1234567',
  email: 'c@example.zm',
  address: 'Lusaka',
  numberOfPlates: 2,
  paymentMethod: 'mtn',
};

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('submitApplication', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the application with its id and returns the server’s reference', async () => {
    const fetchMock = vi.fn(async (_path: string, _init: RequestInit) => answer(201, { reference: 'LP-654321' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await submitApplication('app-1', application)).toEqual({ ok: true, reference: 'LP-654321' });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/applications');
    expect(JSON.parse(String(init?.body))).toEqual({ id: 'app-1', ...application });
  });

  it('says submitting opens soon while the server has no such route', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(404, { message: 'Route POST:/api/applications not found' })));
    expect(await submitApplication('app-1', application)).toEqual({ ok: false, message: SUBMIT_NOT_OPEN, errors: {} });
  });

  it('says the application waits on the device when offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await submitApplication('app-1', application)).toEqual({ ok: false, message: SUBMIT_OFFLINE, errors: {} });
  });

  it('passes on the server’s field messages', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(400, { message: 'Invalid application', fields: { email: 'Invalid email format', other: 'x' } })));
    expect(await submitApplication('app-1', application)).toEqual({ ok: false, message: 'Invalid application', errors: { email: 'Invalid email format' } });
  });
});
