/**
 * JSON bodies: Fastify's own parser (which refuses __proto__ and constructor
 * pollution), plus one rule PostgreSQL imposes on text: no NUL character. Refusing
 * it here, in the body and in the address (an id in the path, a query value), gives
 * the caller a clear 400 for every route, instead of a database error deep in a
 * handler.
 */
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler';

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000).';

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  return false;
}

export function registerJsonBody(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    // %00 is the only way a NUL reaches a route's parameters: '%' then two digits cannot be anything else.
    if (request.url.includes('%00') || request.url.includes('\u0000')) {
      return reply.code(400).send(errorBody(400, 'The address must not contain the NUL character (%00).'));
    }
  });
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, typeof body === 'string' ? body : body.toString('utf8'), (error, value) => {
      if (error) return done(error, undefined);
      if (containsNul(value)) return done(Object.assign(new Error(NUL_MESSAGE), { statusCode: 400 }), undefined);
      return done(null, value);
    });
  });
}
