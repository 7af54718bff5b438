/**
 * JSON bodies: Fastify's own parser (which refuses __proto__ and constructor
 * pollution), plus one rule for text: no control characters but tab, line feed and
 * carriage return. PostgreSQL text cannot hold NUL at all, and no one types the others
 * (escape, backspace, vertical tab...): stored, they make a name print differently from
 * how it reads. Refusing them here, and NUL in the address too (an id in the path, a
 * query value), gives the caller a clear 400 for every route, instead of a database
 * error deep in a handler.
 *
 * The sync push is the exception: its body carries many changes, and one bad change
 * must not refuse the rest, so its route checks the text of each change itself
 * (`checksTextPerChange`, src/server/sync/intents.ts).
 *
 * No route reads plain text, so Fastify's text/plain parser is removed: such a body is
 * a 415, and never reaches a route that takes no body.
 */
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks control characters in its body itself (the sync push, change by change). */
    checksTextPerChange?: boolean;
  }
}

export const CONTROL_TEXT_MESSAGE = 'Text must not contain control characters such as NUL (\\u0000) or escape (\\u001b); tabs and line breaks are fine.';

/** A control character (Unicode category Cc) other than tab, line feed and carriage return. */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;

/** Whether a string, or any key or string in a JSON value, holds a control character. */
export function containsControlText(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value);
  if (Array.isArray(value)) return value.some(containsControlText);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, item]) => CONTROL_CHARACTER.test(key) || containsControlText(item));
  return false;
}

export function registerJsonBody(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    // %00 is the only way a NUL reaches a route's parameters: '%' then two digits cannot be anything else.
    if (request.url.includes('%00') || request.url.includes('\u0000')) {
      return reply.code(400).send(errorBody(400, 'The address must not contain the NUL character (%00).'));
    }
  });
  app.removeContentTypeParser('text/plain');
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, typeof body === 'string' ? body : body.toString('utf8'), (error, value) => {
      if (error) return done(error, undefined);
      if (!request.routeOptions.config?.checksTextPerChange && containsControlText(value)) {
        return done(Object.assign(new Error(CONTROL_TEXT_MESSAGE), { statusCode: 400 }), undefined);
      }
      return done(null, value);
    });
  });
}
