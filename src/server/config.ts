/**
 * Server configuration, read once from the environment. Everything has a default
 * so that `npm start` on a fresh machine needs no setup.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { UNDO_WINDOW_MS } from '#domain/applications/decision-undo';

export interface ServerConfig {
  port: number;
  host: string;
  /** postgres://… for a real PostgreSQL server; absent → embedded PGlite. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  /** Seed the demo data set. Default: yes on the embedded database, no on DATABASE_URL. */
  seedDemo: boolean;
  /** Folder holding the built app (vite build output); absent folder → API only. */
  appDir: string;
  logLevel: string;
  /** 'pretty': readable lines for a person at a terminal; 'json': one JSON object a line, for log collectors. */
  logFormat: 'pretty' | 'json';
  version: string;
  /**
   * Where the private halves of the registry's signing keys live: a folder of
   * registry-key-<id>.pem files (by default `keys` beside the database folder), or
   * 'memory://' (tests: keys that last as long as the process).
   */
  keyDir: string;
  /** A private key given as a value (PKCS#8 PEM) with its id, instead of a file. */
  signingKey: { keyId: number; pem: string } | undefined;
  /**
   * VERIFY_ONLY=true: this instance holds none of the database's private keys on purpose:
   * it verifies plates and serves keys, and issues nothing. Otherwise a keys folder holding
   * none of them stops the start (src/server/startup-error.ts).
   */
  verifyOnly: boolean;
  /** The address printed in plate QR codes; defaults to this server's own. */
  publicOrigin: string;
  /** How many registered plates the demo data set holds. */
  demoRegistryPlates: number;
  /** The payment provider by name (docs/payments.md); 'sandbox' is the embedded default. */
  paymentProvider: string;
  /** The SMS and email provider by name (docs/notifications.md); 'sandbox' is the embedded default. */
  messageProvider: string;
  /**
   * The longest (ms) a public verdict's facts are kept in memory; they go sooner, at once, when
   * the registry changes (decision 072). 0 turns the cache off.
   */
  publicVerdictCacheMs: number;
  /** How often (ms) partner webhook deliveries are sent (docs/partner-api.md); 0 turns the job off (tests run it by hand). */
  webhookIntervalMs: number;
  /**
   * How long (ms) an approve or reject on Plate Requests may be undone: the domain's window
   * (UNDO_WINDOW_MS); DECISION_UNDO_SECONDS may only shorten it, for a browser test server
   * that cannot wait two minutes for a refund (docs/decisions/069-undo-a-decision.md).
   */
  decisionUndoMs: number;
  /** TEST_CLOCK=true: an administrator may move the server's clock (PUT /api/test/clock), for browser tests. Never in production. */
  testClock: boolean;
  /**
   * The proxies (load balancers) whose X-Forwarded-For and X-Forwarded-Proto are believed:
   * addresses, CIDR ranges, or proxy-addr's names (loopback, uniquelocal). Off by default:
   * any client can send those headers, and the audit trail would record what it claims.
   */
  trustProxy: string[] | false;
  /** The USSD gateway by name (docs/ussd-and-sms.md); 'sandbox' (the administrators' simulator) is the embedded default. */
  ussdGateway: string;
  /** The shared secret a real gateway sends in X-Gateway-Secret (USSD_GATEWAY_SECRET). */
  ussdGatewaySecret: string | undefined;
  /** The addresses a real gateway calls from, comma-separated (USSD_GATEWAY_ALLOW). */
  ussdGatewayAllow: string;
  /** Seconds a USSD session may be idle before it starts over (gateways end theirs after about 180). */
  ussdSessionIdleSeconds: number;
  /** USSD steps and texted checks one phone number may make in ten minutes; 0 turns the limit off. */
  phoneCheckLimit: number;
  /** Requests a minute one client address may make to the account routes (sign-in, sign-up, password reset and change); 0 turns the limit off. */
  authRateLimit: number;
  /**
   * TLS_CERT_FILE and TLS_KEY_FILE (PEM): the server answers over TLS itself, speaking HTTP/2 to
   * the browsers that offer it and HTTP/1.1 to the rest (decision 083). Absent: plain HTTP, for a
   * developer's machine or behind a balancer that holds the certificate.
   */
  tls: { certFile: string; keyFile: string } | undefined;
  /** How often (ms) the TLS files are looked at for a renewed certificate (tests shorten it). */
  tlsCheckMs: number;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got '${raw}'`);
  }
  return port;
}

function parseFlag(raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  return ['1', 'true', 'yes'].includes(raw.toLowerCase());
}

function parseCount(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 0) throw new Error(`${name} must be a whole number, got '${raw}'`);
  return count;
}

function parseTls(env: NodeJS.ProcessEnv): ServerConfig['tls'] {
  const certFile = env.TLS_CERT_FILE?.trim() || undefined;
  const keyFile = env.TLS_KEY_FILE?.trim() || undefined;
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile)
    throw new Error(
      `${certFile ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'} is set without ${certFile ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'}: set both (the certificate chain and its private key, PEM) or neither`,
    );
  return { certFile, keyFile };
}

function parseSigningKey(env: NodeJS.ProcessEnv): ServerConfig['signingKey'] {
  const pem = env.SIGNING_KEY_PEM;
  if (pem === undefined || pem === '') return undefined;
  const keyId = Number(env.SIGNING_KEY_ID);
  if (!Number.isInteger(keyId) || keyId < 1 || keyId > 65535)
    throw new Error('SIGNING_KEY_PEM needs SIGNING_KEY_ID, a whole number from 1 to 65535');
  return { keyId, pem };
}

/** LOG_FORMAT when it says 'pretty' or 'json'; otherwise readable at a terminal and JSON when the output goes elsewhere. */
export function logFormatFor(setting: string | undefined, isTerminal: boolean | undefined): 'pretty' | 'json' {
  const chosen = setting?.trim().toLowerCase();
  if (chosen === 'pretty' || chosen === 'json') return chosen;
  return isTerminal ? 'pretty' : 'json';
}

/** TRUST_PROXY: unset or 'off' → trust no one; otherwise the proxies' addresses, comma-separated. */
export function parseTrustProxy(value: string | undefined): string[] | false {
  const text = value?.trim() ?? '';
  if (text === '' || /^(off|false|no|0)$/i.test(text)) return false;
  if (/^(on|true|yes|1|\*)$/i.test(text)) {
    throw new Error(
      "TRUST_PROXY must name the proxies' addresses (for example 10.0.0.5,10.0.1.0/24 or loopback), not trust every client",
    );
  }
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = parsePort(env.PORT);
  const tls = parseTls(env);
  const dataDir = overrides.dataDir ?? env.DATA_DIR ?? path.join(root, 'data', 'nambala-db');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    seedDemo: parseFlag(env.SEED_DEMO) ?? databaseUrl === undefined,
    appDir: env.APP_DIR ?? path.join(root, 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormatFor(env.LOG_FORMAT, process.stdout.isTTY),
    version: env.npm_package_version ?? '0.1.0',
    keyDir: env.SIGNING_KEY_DIR ?? (dataDir === 'memory://' ? 'memory://' : path.join(path.dirname(dataDir), 'keys')),
    signingKey: parseSigningKey(env),
    verifyOnly: parseFlag(env.VERIFY_ONLY) ?? false,
    publicOrigin: (env.PUBLIC_ORIGIN ?? `${tls ? 'https' : 'http'}://localhost:${port}`).replace(/\/+$/, ''),
    demoRegistryPlates: parseCount('DEMO_REGISTRY_PLATES', env.DEMO_REGISTRY_PLATES, 50_000),
    paymentProvider: env.PAYMENT_PROVIDER?.trim() || 'sandbox',
    messageProvider: env.MESSAGE_PROVIDER?.trim() || 'sandbox',
    publicVerdictCacheMs: parseCount('PUBLIC_VERDICT_CACHE_MS', env.PUBLIC_VERDICT_CACHE_MS, 60_000),
    webhookIntervalMs: parseCount('WEBHOOK_INTERVAL_MS', env.WEBHOOK_INTERVAL_MS, 5000),
    testClock: parseFlag(env.TEST_CLOCK) ?? false,
    decisionUndoMs: Math.min(
      UNDO_WINDOW_MS,
      parseCount('DECISION_UNDO_SECONDS', env.DECISION_UNDO_SECONDS, UNDO_WINDOW_MS / 1000) * 1000,
    ),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    authRateLimit: parseCount('AUTH_RATE_LIMIT', env.AUTH_RATE_LIMIT, 60),
    ussdGateway: env.USSD_GATEWAY?.trim() || 'sandbox',
    ussdGatewaySecret: env.USSD_GATEWAY_SECRET || undefined,
    ussdGatewayAllow: env.USSD_GATEWAY_ALLOW ?? '',
    ussdSessionIdleSeconds: parseCount('USSD_SESSION_IDLE_SECONDS', env.USSD_SESSION_IDLE_SECONDS, 180),
    phoneCheckLimit: parseCount('PHONE_CHECK_LIMIT', env.PHONE_CHECK_LIMIT, 30),
    tls,
    tlsCheckMs: 60_000,
    ...overrides,
  };
}

/**
 * What an operator should hear at start. Links in messages are addresses on PUBLIC_ORIGIN,
 * by default http://localhost:<PORT>, which no recipient can open: that is right on a
 * developer's machine (messages go to the sandbox), wrong once messages reach people
 * (a real message provider) or the server runs in production.
 */
export function startWarnings(
  env: NodeJS.ProcessEnv,
  config: Pick<ServerConfig, 'messageProvider' | 'publicOrigin'>,
): string[] {
  const reachesPeople = config.messageProvider !== 'sandbox' || env.NODE_ENV === 'production';
  if (env.PUBLIC_ORIGIN?.trim() || !reachesPeople) return [];
  return [
    `PUBLIC_ORIGIN is not set: links in SMS and email point at ${config.publicOrigin}, which no recipient can open. Set it to the address people reach this server at (for example https://nambala.zm).`,
  ];
}
