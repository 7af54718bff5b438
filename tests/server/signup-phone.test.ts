// A phone number given at sign-up is checked on the server as on the form and stored on the
// account, so that notifications can also go by SMS.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_MESSAGE } from '../../src/domain/validation/identity';
import type { Database } from '../../src/server/db/database';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb, signUp } from './test-app';

const form = (email: string, phone?: string) => ({
  name: 'Chanda Phiri',
  email,
  password: 'lusaka-2026',
  confirmPassword: 'lusaka-2026',
  userType: 'individual',
  ...(phone === undefined ? {} : { phone }),
});

describe('a phone number at sign-up', () => {
  let app: FastifyInstance;
  let db: Database;
  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb());
  });
  afterAll(() => app.close());

  it('is stored on the account in +260 form once the email link is opened', async () => {
    const answer = await signUp(app, form('chanda@example.zm', '097 123 4567'));
    expect(answer.statusCode).toBe(201);
    expect(answer.json().user.phone).toBe('+260971234567');
    const stored = await userRepository(db).findCredentials('chanda@example.zm');
    expect(stored?.user.phone).toBe('+260971234567');
  });

  it('is optional: an account without one has none', async () => {
    const answer = await signUp(app, form('nophone@example.zm', ''));
    expect(answer.statusCode).toBe(201);
    expect(answer.json().user.phone).toBeNull();
  });

  it('is refused with a clear message when it is not a Zambian number', async () => {
    for (const phone of ['+44 20 7946 0958', '12345', '+260 02 345 6789']) {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: form('bad@example.zm', phone),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toMatch(/Enter a Zambian phone number like \+260 97 123 4567/);
    }
    const answer = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: form('bad@example.zm', 'abc'),
    });
    expect(answer.json().message ?? answer.body).toContain(PHONE_MESSAGE);
  });
});
