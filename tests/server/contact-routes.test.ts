import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test-app';

const valid = {
  name: 'Mwila Banda',
  email: 'mwila@example.zm',
  subject: 'Plate collection',
  message: 'When can I collect my plates?',
};

describe('POST /api/contact', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ seedDemo: false });
  });
  afterAll(() => app.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: payload as string,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('stores a valid message and returns its id', async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    const { id, created } = response.json();
    expect(created).toBe(true);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores a message sent twice with the same client id only once', async () => {
    const id = '01936f5e-0000-7000-8000-000000000001';
    const first = await post({ ...valid, id });
    const second = await post({ ...valid, id });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ id, created: false });
  });

  it.each([
    ['name', { ...valid, name: '' }, 'Name is required'],
    ['name', { ...valid, name: '   ' }, 'Name is required'],
    ['email', { ...valid, email: '' }, 'Email is required'],
    ['email', { ...valid, email: 'not-an-email' }, 'Please enter a valid email address'],
    ['subject', { ...valid, subject: '' }, 'Subject is required'],
    ['message', { ...valid, message: '' }, 'Message is required'],
    ['message', { ...valid, message: 'x'.repeat(5001) }, 'Message must be at most 5000 characters'],
  ])('refuses a bad %s with 400 and the field message', async (field, payload, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.fields[field]).toBe(message);
    expect(body.message).toBe(message);
  });

  it('refuses a missing field with 400', async () => {
    const { subject: _omitted, ...withoutSubject } = valid;
    const response = await post(withoutSubject);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.subject).toBeTruthy();
  });

  it('refuses malformed JSON with 400 and a clear message', async () => {
    const response = await post('{"name": "Mwila",');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON.',
    });
    expect(response.body).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('refuses a body that is not an object with 400', async () => {
    const response = await post('["a"]');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/JSON object/);
  });

  it('refuses a non-JSON content type with 415', async () => {
    const response = await post('name=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBeTruthy();
  });

  it('refuses a client id that is not a UUID with 400', async () => {
    const response = await post({ ...valid, id: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.id).toBe('id must be a UUID');
  });
});
