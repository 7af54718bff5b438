/**
 * Hostile inputs for every route of the API, generated from the server's own OpenAPI
 * document. Every path and query parameter and every body field (nested objects and
 * arrays walked) gets values the document calls wrong (another JSON type, just outside a
 * bound, outside the enum, off the pattern), text with NUL and other control characters
 * and a 100,000-character string; a body as a whole gets text that is not JSON, JSON that
 * is not an object, and an object of unknown fields only; a path id gets %00, ..%2F, a
 * 10,000-character id and the like. Each request comes from a user with the route's role
 * (anonymous for public routes), so it passes the access check and meets validation.
 *
 * Every answer must be a 4xx with a message: never a 5xx, never a 2xx. After each route's
 * requests the database must be exactly as before (rows and a hash of every table). One
 * exception: a GET may answer 2xx to a value its document admits (a plate number with a
 * control character, which it then reports as unknown, or a number at its very bound),
 * as long as nothing changed. The sync push is checked at its envelope only; the
 * mutations it carries are fuzzed in hostile-bodies.test.ts.
 *
 * Unknown fields are sent as a body of nothing else: the API ignores a field it does not
 * know (zod strips it, so a newer app can still talk to an older server), so next to valid
 * fields one is not an error; it must never stand in for a missing one, or reach a row.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, rolesAllowed, type RouteAccess } from '#domain/accounts/permissions';
import { messageDispatcher } from '../../src/server/messages/dispatcher';
import { sandboxMessageProvider } from '../../src/server/messages/sandbox-message-provider';
import { paymentService } from '../../src/server/payments/payment-service';
import { paymentProviderFromEnv } from '../../src/server/payments/provider-from-env';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { buildTestAppWithDb } from './test-app';

// ---------------------------------------------------------------- the document

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  /** A number in JSON Schema 2020-12; a flag on minimum/maximum in OpenAPI 3.0. */
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** A JSON value written into the body's text as it is: 1e999, which JSON.stringify cannot write. */
class RawJson {
  constructor(readonly text: string) {}
}

/** The body's JSON text, with any RawJson written in place. */
function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text =
    JSON.stringify(value, (_key, item: unknown) =>
      item instanceof RawJson ? `\u{F8FF}${raws.push(item.text) - 1}\u{F8FF}` : item,
    ) ?? '';
  return text.replace(/"\u{F8FF}(\d+)\u{F8FF}"/gu, (_match, index: string) => raws[Number(index)] ?? '');
}

// ---------------------------------------------------------------- what the document admits

const typesOf = (schema: JsonSchema): string[] | undefined =>
  schema.type === undefined ? undefined : [schema.type].flat();

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    default:
      return true;
  }
}

function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(text);
  } catch {
    return new RegExp(pattern).test(text);
  }
}

/** Whether a value is valid under a schema, for the keywords the server's document uses. */
function admits(schema: JsonSchema, value: unknown): boolean {
  if (schema.anyOf && !schema.anyOf.some((branch) => admits(branch, value))) return false;
  if (schema.oneOf && !schema.oneOf.some((branch) => admits(branch, value))) return false;
  if (schema.allOf && !schema.allOf.every((branch) => admits(branch, value))) return false;
  if (value === null && schema.nullable) return true;
  if ('const' in schema && schema.const !== value) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  const types = typesOf(schema);
  if (types && !types.some((type) => hasType(type, value))) return false;
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) return false;
    if (schema.maxLength !== undefined && length > schema.maxLength) return false;
    if (schema.pattern !== undefined && !matches(schema.pattern, value)) return false;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return false;
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
    if (minimum !== undefined && (exclusiveMinimum === true ? value <= minimum : value < minimum)) return false;
    if (maximum !== undefined && (exclusiveMaximum === true ? value >= maximum : value > maximum)) return false;
    if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) return false;
    if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return false;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
    if (schema.items && !value.every((item) => admits(schema.items as JsonSchema, item))) return false;
  }
  if (hasType('object', value)) {
    const record = value as Record<string, unknown>;
    if ((schema.required ?? []).some((name) => !Object.hasOwn(record, name))) return false;
    for (const [name, item] of Object.entries(record)) {
      const declared = schema.properties?.[name];
      if (declared && !admits(declared, item)) return false;
      if (!declared && schema.additionalProperties === false) return false;
      if (!declared && typeof schema.additionalProperties === 'object' && !admits(schema.additionalProperties, item))
        return false;
    }
  }
  return true;
}

/** The same for a path or query value: text the route coerces (z.coerce.number reads it with Number()). */
function admitsText(schema: JsonSchema, text: string | string[]): boolean {
  if (Array.isArray(text)) return false;
  const types = typesOf(schema) ?? [];
  const asNumber = text.trim() === '' ? 0 : Number(text);
  if (types.includes('integer') || types.includes('number')) return admits(schema, asNumber);
  return admits(schema, text);
}

// ---------------------------------------------------------------- valid values to start from

/**
 * Valid values for fields by name, where the document cannot state the rule (a refinement
 * in the schema) or an optional field is needed with another (a phone with mobile money).
 * With them a request's other fields are valid, so a broken field is the only thing wrong,
 * and a schema that let it through would be seen writing. The ids of rows the seed made are
 * filled in before the requests are built.
 */
const today = new Date().toISOString().slice(0, 10);
const PASSWORD = 'three unrelated words 2026';
const EXAMPLES: Record<string, () => unknown> = {
  idempotencyKey: () => randomUUID(),
  id: () => randomUUID(),
  name: () => 'Mwila Banda',
  fullName: () => 'Mwila Banda',
  ownerName: () => 'Mwila Banda',
  email: () => 'mwila.banda@example.zm',
  toContact: () => 'police@nambala.zm',
  phone: () => '0961234567',
  phoneNumber: () => '0961234567',
  payerPhone: () => '0961234567',
  address: () => 'Plot 12, Cairo Road, Lusaka',
  subject: () => 'A question',
  message: () => 'Where do I collect my plates?',
  reason: () => 'The customer asked for it',
  vehicleMake: () => 'Toyota',
  vehicleModel: () => 'Hilux',
  vehicleRegistration: () => 'BAK 1234',
  password: () => PASSWORD,
  confirmPassword: () => PASSWORD,
  newPassword: () => PASSWORD,
  currentPassword: () => 'demo password of another day',
  premium: () => '1500',
  startDate: () => today,
  endDate: () => new Date(Date.parse(today) + 300 * 86_400_000).toISOString().slice(0, 10),
  numberOfPlates: () => 1,
  lowStock: () => 20,
  critical: () => 5,
  csv: () => 'make,model,year,colour,chassis_number,plate_number\n',
};

/** The first string the pattern accepts out of a few likely ones, or null. */
function textMatching(pattern: string): string | null {
  const tries = [randomUUID(), '123456/78/9', 'a'.repeat(64), '0', '1', '1,2', 'A'.repeat(32), 'abc_DEF-123'.repeat(3)];
  return tries.find((text) => matches(pattern, text)) ?? null;
}

/** A valid value for a schema: its default, an example by name, or one built from its keywords. */
function example(schema: JsonSchema, name?: string): unknown {
  const known = name === undefined ? undefined : EXAMPLES[name]?.();
  if (known !== undefined && admits(schema, known)) return known;
  if (schema.default !== undefined) return schema.default;
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (branch) return example(branch, name);
  const type = typesOf(schema)?.find((candidate) => candidate !== 'null');
  if (type === 'object' || schema.properties) {
    // Required fields, and optional ones with an example by name (the phone mobile money needs).
    const wanted = (key: string) => (schema.required ?? []).includes(key) || key in EXAMPLES;
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).flatMap(([key, item]) =>
        wanted(key) ? [[key, example(item, key)]] : [],
      ),
    );
  }
  if (type === 'array')
    return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => example(schema.items ?? {}));
  if (type === 'integer' || type === 'number') {
    const low = schema.minimum ?? 1;
    return Math.min(
      Math.max(low + (schema.exclusiveMinimum === true ? 1 : 0), 1),
      schema.maximum ?? Number.MAX_SAFE_INTEGER,
    );
  }
  if (type === 'boolean') return false;
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'email') return 'mwila.banda@example.zm';
  if (schema.pattern) return textMatching(schema.pattern) ?? 'x';
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

// ---------------------------------------------------------------- hostile values

type Caller = Role | 'anonymous';

type Category =
  | 'wrong type'
  | 'out of range'
  | 'control character'
  | 'long string'
  | 'unknown fields'
  | 'not JSON'
  | 'not an object'
  | 'hostile id'
  | 'at the bound'
  | 'deep JSON'
  | 'wide JSON'
  | 'huge number'
  | 'odd unicode';

/**
 * Categories sent even where the document admits the value, since no write may take it:
 * control characters are refused in every body, no field of a write holds 100,000
 * characters, and a hostile id names nothing.
 */
const ALWAYS_REFUSED: ReadonlySet<Category> = new Set([
  'control character',
  'long string',
  'hostile id',
  'deep JSON',
  'wide JSON',
]);

interface Candidate {
  category: Category;
  value: unknown;
}

const LONG = 'x'.repeat(100_000);
const CONTROL = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b[31m', '\u007f', '\u0085'];
/**
 * Text a person does not type but a script can send: a lone surrogate (not Unicode at all),
 * a right-to-left override and a byte-order mark around the text, 5,000 combining accents on
 * one letter, astral characters that count twice in UTF-16. Sent where the document calls
 * the result invalid (a pattern, an enum, a length), so each must be refused.
 */
const ODD_UNICODE: Array<(text: string) => string> = [
  (text) => `${text}\ud800`,
  (text) => `\udfff${text}`,
  (text) => `\u202e${text}\ufeff`,
  (text) => `${text}${'\u0301'.repeat(5000)}`,
  (text) => '\u{1D54F}'.repeat(Math.max(2, text.length)),
  (text) => text.normalize('NFD').split('').reverse().join('\u200d'),
];
/** Numbers no field means: past every double, past 2^53, negative zero, a long exponent. */
const HUGE_NUMBERS = [
  '1e308',
  '-1e308',
  '123456789012345678901234567890',
  '9007199254740993',
  '-0',
  '1e-400',
  '0.0000000000000000000000000001',
];
/** Extra fields that make a body too deep or too wide for the parser: refused whatever the route. */
const SHAPES: Array<{ category: Category; extra: string }> = [
  { category: 'deep JSON', extra: `${'['.repeat(65)}1${']'.repeat(65)}` },
  { category: 'deep JSON', extra: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}` },
  { category: 'deep JSON', extra: `${'['.repeat(6000)}${']'.repeat(6000)}` },
  { category: 'wide JSON', extra: `[${'0,'.repeat(10_000)}0]` },
  { category: 'wide JSON', extra: `[${'{},'.repeat(10_000)}{}]` },
];

/** Values of every other JSON type, and values just outside each bound the schema declares. */
function hostileValues(schema: JsonSchema, valid: unknown): Candidate[] {
  const candidates: Candidate[] = [12345, 'text', { unknown: 'x' }, ['x'], null, true, 'true', '1'].map((value) => ({
    category: 'wrong type',
    value,
  }));
  const outside = (value: unknown) => candidates.push({ category: 'out of range', value });
  const types = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap((branch) => typesOf(branch) ?? []);
  if (schema.enum) {
    outside('not-one-of-these');
    for (const option of schema.enum)
      if (typeof option === 'string')
        outside(option.toUpperCase() === option ? option.toLowerCase() : option.toUpperCase());
    outside('');
  }
  if (schema.minLength !== undefined && schema.minLength > 0) outside('x'.repeat(schema.minLength - 1));
  if (schema.maxLength !== undefined) outside('x'.repeat(schema.maxLength + 1));
  if (schema.pattern) for (const text of ['x', '!', `${String(valid)}!`, ' ']) outside(text);
  if (schema.format === 'uuid') outside('not-a-uuid');
  if (types.includes('integer') || types.includes('number')) {
    if (types.includes('integer')) outside(1.5);
    outside(schema.minimum === undefined ? -1e21 : schema.minimum - (schema.exclusiveMinimum === true ? 0 : 1));
    outside(schema.maximum === undefined ? 1e21 : schema.maximum + (schema.exclusiveMaximum === true ? 0 : 1));
    outside(new RawJson('1e999'));
    outside(new RawJson('-1e999'));
    for (const text of HUGE_NUMBERS) candidates.push({ category: 'huge number', value: new RawJson(text) });
  }
  if (types.includes('array')) {
    if (schema.minItems !== undefined && schema.minItems > 0) outside([]);
    if (schema.maxItems !== undefined)
      outside(Array.from({ length: schema.maxItems + 1 }, () => example(schema.items ?? {})));
  }
  // Text only where the document declares text: a field it leaves open (the push's payload) is its route's to judge.
  if (types.includes('string')) {
    const text = typeof valid === 'string' && valid.length > 0 ? valid : 'x';
    const middle = Math.ceil(text.length / 2);
    for (const control of CONTROL)
      candidates.push({
        category: 'control character',
        value: `${text.slice(0, middle)}${control}${text.slice(middle)}`,
      });
    candidates.push({ category: 'long string', value: LONG });
    for (const odd of ODD_UNICODE) candidates.push({ category: 'odd unicode', value: odd(text) });
  }
  return candidates;
}

/** Path ids, as written in the address (already percent-encoded where they must be). */
const HOSTILE_IDS = [
  '%00',
  'a%00b',
  '..%2F',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2E%2E',
  'x'.repeat(10_000),
  '%01',
  '%1B%5B31m',
  '%0D%0ASet-Cookie:%20x=1',
  "'%20OR%20'1'%3D'1",
  '%25',
  '%ZZ',
  '%C0%AF',
  '%E2%80%AE',
  '%F0%9F%98%80'.repeat(30),
  '%20',
  '-1',
  '0',
  '1.5',
  '1e999',
  'null',
  '%7B%7D',
  '%5B%5D',
];

function encodedOrUndefined(text: string): string | undefined {
  try {
    return encodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- requests

interface HostileRequest {
  category: Category;
  /** Which input is broken: 'path.id', 'query.limit', 'body.card.number', 'body'. */
  where: string;
  url: string;
  payload?: string;
  contentType?: string;
  /** The document itself says the request is invalid. */
  isInvalid: boolean;
}

interface RouteUnderTest {
  method: string;
  path: string;
  /** Who sends its requests: a user with its role, so that they pass the access check. */
  caller: Caller;
  requests: HostileRequest[];
  fields: number;
}

/** Every (path of) field in a body schema, with its schema: nested objects and array items included. */
function fieldsOf(
  schema: JsonSchema,
  at: Array<string | number> = [],
): Array<{ at: Array<string | number>; schema: JsonSchema }> {
  const here = at.length > 0 ? [{ at, schema }] : [];
  if (schema.properties)
    return [...here, ...Object.entries(schema.properties).flatMap(([name, item]) => fieldsOf(item, [...at, name]))];
  if (schema.items && (schema.type === 'array' || typesOf(schema)?.includes('array')))
    return [...here, ...fieldsOf(schema.items, [...at, 0])];
  return here;
}

/** A copy of `body` with the value at `at` replaced, creating optional parents from the schema. */
function withValue(body: unknown, schema: JsonSchema, at: Array<string | number>, value: unknown): unknown {
  if (at.length === 0) return value;
  const [key, ...rest] = at as [string | number, ...Array<string | number>];
  if (typeof key === 'number') {
    const items = Array.isArray(body) ? [...(body as unknown[])] : [example(schema.items ?? {})];
    items[key] = withValue(items[key] ?? example(schema.items ?? {}), schema.items ?? {}, rest, value);
    return items;
  }
  const record = { ...(body as Record<string, unknown>) };
  const child = schema.properties?.[key] ?? {};
  record[key] = withValue(record[key] ?? example(child, key), child, rest, value);
  return record;
}

const UNKNOWN_FIELDS = [
  '{"isAdmin":true,"roles":["admin"],"status":"Active","userId":"USR-001","unknownField":"x"}',
  '{"__proto__":{"isAdmin":true,"roles":["admin"]},"constructor":{"prototype":{"isAdmin":true}}}',
];
const NOT_JSON = ['', '{', '{"a":', "{'a': 1}", '{"a":1,}', 'not json', '<xml/>', 'a=1&b=2'];
const NOT_AN_OBJECT = ['[]', '[{}]', '"text"', '42', '-1e999', 'null', 'true'];

const roleOf = (access: RouteAccess): Caller => {
  // The partner API takes an API key, never a session: sent without one, every input meets the key check
  // (its validation is tested with a key in partner-api.test.ts).
  if (access === 'partner-key') return 'anonymous';
  const allowed = rolesAllowed(access);
  if (allowed === 'anyone') return 'anonymous';
  if (allowed === 'any-signed-in') return 'buyer';
  return allowed[0] ?? 'admin';
};

// ---------------------------------------------------------------- the app, its users and what must not change

const CLOCK = new Date();
// The server's clock stands still: no payment lapses and no message falls due while the batches run.
const { app, db } = await buildTestAppWithDb({ seedDemo: true, now: () => CLOCK });
await app.ready();

const document = app.swagger() as unknown as OpenApiDocument;

const DEMO_EMAILS: Record<Role, string> = {
  admin: 'admin@nambala.zm',
  buyer: 'buyer@nambala.zm',
  agent: 'agent@nambala.zm',
  police: 'police@nambala.zm',
  insurance_agent: 'insurer@nambala.zm',
};

/** Real ids for path parameters, so that a broken body the schema let through would reach the handler and show. */
const REAL_VALUES: Array<{ path: RegExp; param: string; sql: string }> = [
  {
    path: /^\/api\/listings\//,
    param: 'id',
    sql: "SELECT id AS value FROM plate_listings WHERE status = 'Available' ORDER BY id LIMIT 1",
  },
  {
    path: /^\/api\/payments\//,
    param: 'id',
    sql: 'SELECT id AS value FROM payments WHERE payer_id = $1 ORDER BY id LIMIT 1',
  },
  {
    path: /^\/api\/admin\/payments\//,
    param: 'id',
    sql: "SELECT id AS value FROM payments WHERE status = 'pending' ORDER BY id LIMIT 1",
  },
  {
    path: /^\/api\/applications\//,
    param: 'id',
    sql: 'SELECT id AS value FROM plate_requests WHERE applicant_id = $1 ORDER BY id LIMIT 1',
  },
  {
    path: /^\/api\/insurance\/policies\//,
    param: 'id',
    sql: 'SELECT id AS value FROM insurance_policies WHERE agent_id = $1 ORDER BY id LIMIT 1',
  },
  {
    path: /^\/api\/insurance\/claims\//,
    param: 'id',
    sql: 'SELECT id AS value FROM insurance_claims WHERE agent_id = $1 ORDER BY id LIMIT 1',
  },
  {
    path: /^\/api\/plates\//,
    param: 'plateNumber',
    sql: "SELECT plate_number AS value FROM plates WHERE owner_id = $1 AND stage = 'Registered' ORDER BY plate_number LIMIT 1",
  },
  {
    path: /./,
    param: 'plateNumber',
    sql: 'SELECT plate_number AS value FROM registered_plates ORDER BY plate_number LIMIT 1',
  },
  { path: /./, param: 'keyId', sql: "SELECT key_id::text AS value FROM signing_keys WHERE status = 'active'" },
];

const userIds = new Map<Role, string>();
const cookies = new Map<Role, string>();

async function realValue(path: string, parameter: Parameter, caller: Caller): Promise<string> {
  const found = REAL_VALUES.find((entry) => entry.param === parameter.name && entry.path.test(path));
  if (found) {
    const rows = await db.query<{ value: string }>(
      found.sql,
      found.sql.includes('$1') ? [caller === 'anonymous' ? '' : (userIds.get(caller) ?? '')] : [],
    );
    if (rows[0]) return rows[0].value;
  }
  return String(example(parameter.schema, parameter.name));
}

/**
 * The tables a read may write: a read that shows an owner's data is logged, one row per look,
 * with the reader's count for the day (docs/privacy.md). Only reads answered 2xx reach them.
 */
const WRITTEN_BY_READS = new Set(['personal_data_access_log', 'personal_data_lookup_days']);

/** Row counts and a hash of each table's rows, in order; a session's last-seen time moves with every request. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const prints: Record<string, string> = {};
  for (const { name } of tables) {
    if (WRITTEN_BY_READS.has(name)) continue;
    const [row] = await db.query<{ rows: number; hash: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(line, E'\\n' ORDER BY line), '')) AS hash
       FROM (SELECT (to_jsonb(t) - 'last_seen_at')::text AS line FROM "${name}" t) lines`,
    );
    prints[name] = `${row?.rows ?? -1} rows, ${row?.hash ?? ''}`;
  }
  return prints;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether a request is worth sending: the document calls it invalid, or no write may take it, or it tests a read at its bound. */
const isWorthSending = (category: Category, isInvalid: boolean, isRead: boolean) =>
  isInvalid || ALWAYS_REFUSED.has(category) || (isRead && category === 'at the bound');

/** The hostile requests for one operation, and how many parameters and body fields it has. */
async function requestsFor(
  path: string,
  method: string,
  operation: Operation,
  caller: Caller,
): Promise<{ requests: HostileRequest[]; fields: number }> {
  const parameters = (operation.parameters ?? []).filter(
    (parameter) => parameter.in === 'path' || parameter.in === 'query',
  );
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const isRead = method === 'GET';
  const pathValues = new Map<string, string>();
  const baseQuery = new Map<string, string | string[]>();
  for (const parameter of parameters) {
    if (parameter.in === 'path')
      pathValues.set(parameter.name, encodeURIComponent(await realValue(path, parameter, caller)));
    else if (parameter.required)
      baseQuery.set(parameter.name, encodeURIComponent(String(example(parameter.schema, parameter.name))));
  }
  const urlWith = (paths: Map<string, string>, query: Map<string, string | string[]>) => {
    const address = path.replace(/\{(\w+)\}/g, (_match, name: string) => paths.get(name) ?? 'x');
    const pairs = [...query].flatMap(([name, value]) =>
      [value].flat().map((item) => `${encodeURIComponent(name)}=${item}`),
    );
    return pairs.length > 0 ? `${address}?${pairs.join('&')}` : address;
  };
  // A body made of several shapes (the claim steps) has its fields broken in each shape.
  const bases = (bodySchema ? (bodySchema.oneOf ?? bodySchema.anyOf ?? [bodySchema]) : []).map((branch) => ({
    branch,
    body: example(branch),
  }));
  const basePayload = bodySchema ? jsonText(bases[0]?.body) : undefined;
  const baseUrl = urlWith(pathValues, baseQuery);
  const requests: HostileRequest[] = [];
  let fields = 0;

  for (const parameter of parameters) {
    fields += 1;
    const where = `${parameter.in}.${parameter.name}`;
    /** `written` as it goes in the address: percent-encoded already, a list for a repeated query parameter. */
    const add = (category: Category, written: string | string[], isInvalid: boolean) => {
      if (!isWorthSending(category, isInvalid, isRead)) return;
      const url =
        parameter.in === 'path'
          ? urlWith(new Map([...pathValues, [parameter.name, String(written)]]), baseQuery)
          : urlWith(pathValues, new Map([...baseQuery, [parameter.name, written]]));
      requests.push({ category, where, url, payload: basePayload, isInvalid });
    };
    const valid = String(example(parameter.schema, parameter.name));
    for (const { category, value } of hostileValues(parameter.schema, valid)) {
      if (value === null || value instanceof RawJson) continue;
      if (typeof value === 'object') {
        // An array is the same name twice; an object cannot be written in a query string.
        if (Array.isArray(value) && parameter.in === 'query')
          add(category, [encodeURIComponent(valid), encodeURIComponent(valid)], true);
        continue;
      }
      // NUL is refused in any address.
      const text = String(value);
      // A lone surrogate has no UTF-8 to percent-encode: an address cannot carry it (HOSTILE_IDS sends broken encodings).
      const written = encodedOrUndefined(text);
      if (written !== undefined) add(category, written, text.includes('\u0000') || !admitsText(parameter.schema, text));
    }
    if (parameter.in === 'path') {
      for (const id of HOSTILE_IDS) {
        const text = decoded(id);
        add('hostile id', id, text === undefined || text.includes('\u0000') || !admitsText(parameter.schema, text));
      }
    }
    // Values at the very bound are valid; a read must still answer them without a fault.
    if (isRead) {
      const { minimum, maximum, maxLength } = parameter.schema;
      for (const bound of [minimum, maximum]) if (bound !== undefined) add('at the bound', String(bound), false);
      if (maxLength !== undefined) add('at the bound', 'x'.repeat(maxLength), false);
    }
  }

  if (isRead) {
    // A read ignores query parameters it does not know: sent to every GET, answered without a fault.
    const unknown = `__proto__%5BisAdmin%5D=1&constructor=%01&unknown=${'x'.repeat(10_000)}`;
    requests.push({
      category: 'unknown fields',
      where: 'query',
      url: `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}${unknown}`,
      isInvalid: false,
    });
  } else {
    // Any write: a body that is not JSON, or not sent as JSON.
    const notJson = [
      ...NOT_JSON.map((text) => [text, 'application/json']),
      ['hello', 'text/plain'],
      ['a=1&b=2', 'application/x-www-form-urlencoded'],
    ];
    for (const [text, type] of notJson)
      requests.push({
        category: 'not JSON',
        where: 'body',
        url: baseUrl,
        payload: text,
        contentType: type,
        isInvalid: true,
      });
  }
  if (!bodySchema) return { requests, fields };

  // The route's valid body with one more field, too deep or too wide: the parser refuses it before any schema.
  if (basePayload?.startsWith('{')) {
    for (const { category, extra } of SHAPES) {
      const payload = basePayload === '{}' ? `{"extra":${extra}}` : `{"extra":${extra},${basePayload.slice(1)}`;
      requests.push({ category, where: 'body', url: baseUrl, payload, isInvalid: true });
    }
  }
  for (const text of [...NOT_AN_OBJECT, ...UNKNOWN_FIELDS]) {
    const category: Category = text.startsWith('{') ? 'unknown fields' : 'not an object';
    // A key __proto__ is refused by the JSON parser whatever the schema says.
    const isInvalid = text.includes('__proto__') || !admits(bodySchema, parsedJson(text));
    if (isWorthSending(category, isInvalid, isRead))
      requests.push({ category, where: 'body', url: baseUrl, payload: text, isInvalid });
  }
  for (const { branch, body } of bases) {
    for (const field of fieldsOf(branch)) {
      fields += 1;
      const where = `body.${field.at.join('.')}`;
      const name = field.at.filter((part): part is string => typeof part === 'string').at(-1);
      for (const { category, value } of hostileValues(field.schema, example(field.schema, name))) {
        const payload = jsonText(withValue(body, branch, field.at, value));
        const isInvalid = !admits(bodySchema, parsedJson(payload));
        if (isWorthSending(category, isInvalid, isRead))
          requests.push({ category, where, url: baseUrl, payload, isInvalid });
      }
    }
  }
  return { requests, fields };
}

// ---------------------------------------------------------------- the routes

const routes: RouteUnderTest[] = [];
const accessOf = new Map(app.routeAccess.map((route) => [`${route.method} ${route.url}`, route.access]));
for (const [path, operations] of Object.entries(document.paths)) {
  for (const method of Object.keys(operations)) {
    const upper = method.toUpperCase();
    const access = accessOf.get(`${upper} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    if (access === undefined) throw new Error(`${upper} ${path} is in the document but declares no access`);
    routes.push({ method: upper, path, caller: roleOf(access), requests: [], fields: 0 });
  }
}
const operationOf = (route: RouteUnderTest) => document.paths[route.path]?.[route.method.toLowerCase()] ?? {};

let sent = 0;
let fieldCount = 0;
let answeredForRead = 0;

describe('every route of the OpenAPI document, sent hostile inputs', () => {
  beforeAll(async () => {
    for (const [role, email] of Object.entries(DEMO_EMAILS) as Array<[Role, string]>) {
      const [user] = await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
      if (!user) throw new Error(`no demo user ${email}`);
      userIds.set(role, user.id);
      const token = `openapi-hostile-${role}-${randomUUID()}`;
      await sessionRepository(db).create(token, user.id, new Date(Date.now() + 3600_000));
      cookies.set(role, `nambala_session=${token}`);
    }
    const [customer] = await db.query<{ id: string; plate: string | null }>(
      `SELECT c.id, (SELECT plate_number FROM insurance_policies p WHERE p.customer_id = c.id LIMIT 1) AS plate
       FROM insurance_customers c WHERE c.agent_id = $1 ORDER BY c.id LIMIT 1`,
      [userIds.get('insurance_agent')],
    );
    const [pending] = await db.query<{ id: string }>(
      "SELECT id FROM plate_requests WHERE status = 'Pending' ORDER BY id LIMIT 1",
    );
    if (customer) EXAMPLES.customerId = () => customer.id;
    if (customer?.plate) EXAMPLES.plateNumber = () => customer.plate;
    if (pending) EXAMPLES.ids = () => [pending.id];
    // What the seed left for the background jobs is done now, so they change nothing during a batch.
    await messageDispatcher({
      db,
      provider: sandboxMessageProvider(db),
      publicOrigin: 'http://localhost',
      now: () => CLOCK,
      log: app.log,
    }).drain();
    await paymentService({
      db,
      provider: paymentProviderFromEnv(db, {}, () => CLOCK),
      now: () => CLOCK,
      log: app.log,
    }).recordLapsed();
    for (const route of routes) {
      const built = await requestsFor(route.path, route.method, operationOf(route), route.caller);
      route.requests = built.requests;
      route.fields = built.fields;
      fieldCount += built.fields;
    }
  }, 60_000);

  afterAll(async () => {
    // eslint-disable-next-line no-console
    console.log(
      `openapi hostile inputs: ${routes.length} routes, ${fieldCount} parameters and fields, ${sent} requests (${answeredForRead} reads answered 2xx)`,
    );
    await app.close();
  });

  it('covers every API route the server declares', () => {
    const documented = new Set(routes.map((route) => `${route.method} ${route.path.replace(/\{(\w+)\}/g, ':$1')}`));
    const undocumented = app.routeAccess.filter(
      (route) => route.url !== '/api/openapi.json' && !documented.has(`${route.method} ${route.url}`),
    );
    expect(undocumented).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(60);
  });

  /** Sends one request as the route's caller; the failure it shows, or null when it was answered as it must be. */
  async function check(route: RouteUnderTest, request: HostileRequest): Promise<string | null> {
    const cookie = route.caller === 'anonymous' ? undefined : cookies.get(route.caller);
    const options: InjectOptions = {
      method: route.method as 'GET',
      url: request.url,
      // A browser's same-origin request: the Origin matches the Host, so the cross-site check lets it through.
      headers: { host: 'nambala.test', origin: 'http://nambala.test', ...(cookie ? { cookie } : {}) },
    };
    if (request.payload !== undefined) {
      options.payload = request.payload;
      options.headers = { ...options.headers, 'content-type': request.contentType ?? 'application/json' };
    }
    const response = await app.inject(options);
    sent += 1;
    const status = response.statusCode;
    const sentText = `${route.method} ${request.url.slice(0, 160)} ${JSON.stringify((request.payload ?? '').slice(0, 160))}`;
    const shown = `${request.category} in ${request.where}: ${sentText} → ${status} ${response.body.slice(0, 200)}`;
    // A read may answer a value its document admits: it changes nothing, which the fingerprint checks.
    if (status >= 200 && status < 300 && route.method === 'GET' && !request.isInvalid) {
      answeredForRead += 1;
      return null;
    }
    if (status < 400 || status >= 500) return shown;
    let message: unknown;
    try {
      message = (response.json() as { message?: unknown }).message;
    } catch {
      message = undefined;
    }
    return typeof message === 'string' && message.trim() !== '' ? null : `no message: ${shown}`;
  }

  /** Sends the requests in turn; what went wrong, one line each. */
  async function failuresOf(route: RouteUnderTest, requests: readonly HostileRequest[]): Promise<string[]> {
    const failures: string[] = [];
    for (const request of requests) {
      const failure = await check(route, request);
      if (failure) failures.push(failure);
    }
    return failures;
  }

  const changedSince = async (before: Record<string, string>) => {
    const after = await fingerprint();
    return Object.keys(after).filter((table) => after[table] !== before[table]);
  };

  for (const route of routes) {
    it(`${route.method} ${route.path} (as ${route.caller}) answers every hostile input with a 4xx and a message, and changes nothing`, async () => {
      expect(route.requests.length).toBeGreaterThan(0);
      const before = await fingerprint();
      expect(await failuresOf(route, route.requests)).toEqual([]);
      expect(await changedSince(before), 'tables changed by hostile requests').toEqual([]);
    }, 60_000);
  }
});
