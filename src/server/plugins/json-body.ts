/**
 * JSON bodies: Fastify's own parser (which refuses __proto__ and constructor
 * pollution), plus one rule for text: no control characters but tab, line feed and
 * carriage return, and no direction overrides. PostgreSQL text cannot hold NUL at all, and no one types the others
 * (escape, backspace, vertical tab...): stored, they make a name print differently from
 * how it reads. Refusing them here, and NUL in the address too (an id in the path, a
 * query value), gives the caller a clear 400 for every route, instead of a database
 * error deep in a handler.
 *
 * The sync push is the exception: its body carries many changes, and one bad change
 * must not refuse the rest, so its route checks the text of each change itself
 * (`checksTextPerChange`, src/server/sync/intent-registry.ts).
 *
 * No route reads plain text, so Fastify's text/plain parser is removed: such a body is
 * a 415, and never reaches a route that takes no body.
 *
 * Bounded work: before a body is parsed, one pass over its text (no recursion) refuses
 * nesting deeper than MAX_JSON_DEPTH and a list longer than MAX_JSON_ITEMS with a 400.
 * No request of the API needs more, and a body 6,000 levels deep once overflowed the
 * stack of the checks that walk a parsed value (a 500, and an ERROR row, per request).
 * Fastify's bodyLimit (1 MB, more where a route says so) bounds the text itself.
 */
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks control characters in its body itself (the sync push, change by change). */
    checksTextPerChange?: boolean;
  }
}

export const CONTROL_TEXT_MESSAGE =
  'Text must not contain control characters such as NUL (\\u0000) or escape (\\u001b), nor direction overrides such as \\u202e; tabs and line breaks are fine.';

/**
 * A control character (Unicode category Cc) other than tab, line feed and carriage return;
 * or a bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069), which
 * make a stored name or email display in an order other than its letters' ("Trojan Source"):
 * no one types them into a form, and the app's languages are written left to right.
 */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}|[\u202A-\u202E\u2066-\u2069]/u;

/** How deep objects and lists may nest in a request body: the API's requests nest a few levels. */
export const MAX_JSON_DEPTH = 64;
/** How many items one list in a request body may hold: the longest the API takes is a push's 50 changes. */
export const MAX_JSON_ITEMS = 10_000;

export const TOO_DEEP_MESSAGE = `The request body nests objects or lists more than ${MAX_JSON_DEPTH} levels deep; no request of this API needs that.`;
export const TOO_MANY_ITEMS_MESSAGE = `A list in the request body holds more than ${MAX_JSON_ITEMS.toLocaleString('en-GB')} items; no request of this API needs that.`;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;
const COMMA = 44;

/**
 * What is wrong with the shape of a JSON text, read in one pass without recursion and
 * before it is parsed: nesting past `maxDepth`, or a list of more than `maxItems` items.
 * Undefined when neither (the text may still not be JSON; the parser says so).
 */
export function jsonShapeProblem(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  maxItems = MAX_JSON_ITEMS,
): string | undefined {
  // For each open container: -1 for an object, or the commas seen so far in a list.
  const commas = new Int32Array(maxDepth + 1);
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // Skip the string: to the first quote not escaped by an odd run of backslashes.
      let end = text.indexOf('"', i + 1);
      for (;;) {
        if (end < 0) return undefined;
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
        if (backslashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      i = end;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return TOO_DEEP_MESSAGE;
      commas[depth] = code === OPEN_BRACE ? -1 : 0;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (depth > 0) depth -= 1;
    } else if (code === COMMA && depth > 0 && (commas[depth] ?? -1) >= 0) {
      const seen = (commas[depth] ?? 0) + 1;
      // n commas separate n + 1 items.
      if (seen >= maxItems) return TOO_MANY_ITEMS_MESSAGE;
      commas[depth] = seen;
    }
  }
  return undefined;
}

/**
 * Whether a string, or any key or string in a JSON value, holds a control character.
 * It walks the value with a list of what is left to look at, never by recursion, so no
 * value however deep can overflow the stack (the push checks each change with it).
 */
export function containsControlText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (CONTROL_CHARACTER.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        if (CONTROL_CHARACTER.test(key)) return true;
        pending.push(element);
      }
    }
  }
  return false;
}

export function registerJsonBody(app: FastifyInstance): void {
  // A plain callback, not an async hook: it runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    // %00 is the only way a NUL reaches a route's parameters: '%' then two digits cannot be anything else.
    if (request.url.includes('%00') || request.url.includes('\u0000')) {
      void reply.code(400).send(errorBody(400, 'The address must not contain the NUL character (%00).'));
      return;
    }
    done();
  });
  app.removeContentTypeParser('text/plain');
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const shapeProblem = jsonShapeProblem(text);
    if (shapeProblem) return done(Object.assign(new Error(shapeProblem), { statusCode: 400 }), undefined);
    parse(request, text, (error, value) => {
      if (error) return done(error, undefined);
      if (!request.routeOptions.config?.checksTextPerChange && containsControlText(value)) {
        return done(Object.assign(new Error(CONTROL_TEXT_MESSAGE), { statusCode: 400 }), undefined);
      }
      return done(null, value);
    });
  });
}
