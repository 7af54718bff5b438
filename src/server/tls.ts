/**
 * The server's own TLS (decision 083): with TLS_CERT_FILE and TLS_KEY_FILE it answers over
 * HTTPS, HTTP/2 to the browsers that offer it and HTTP/1.1 to the rest, so a phone fetches a
 * screen's many small scripts over one connection instead of six at a time.
 */
import { X509Certificate } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Http2SecureServer } from 'node:http2';
import { createSecureContext } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { StartupError } from './startup-error';

export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  /** When the certificate stops being valid. */
  validTo: Date;
}

async function readPem(file: string, setting: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'unreadable';
    throw new StartupError(
      `${setting} ${file} cannot be read (${code}): set ${setting} to a PEM file the user running Nambala can read.`,
    );
  }
}

/** Reads and checks the certificate and its key; a start that cannot use them stops with one line saying why. */
export async function readTls(files: NonNullable<ServerConfig['tls']>): Promise<TlsMaterial> {
  const [cert, key] = await Promise.all([
    readPem(files.certFile, 'TLS_CERT_FILE'),
    readPem(files.keyFile, 'TLS_KEY_FILE'),
  ]);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    throw new StartupError(
      `TLS_CERT_FILE ${files.certFile} is not a PEM certificate: give the certificate (and its chain) in PEM form.`,
    );
  }
  try {
    createSecureContext({ cert, key });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      `TLS_KEY_FILE ${files.keyFile} is not the private key of the certificate in TLS_CERT_FILE (${reason}): give the key the certificate was issued for.`,
    );
  }
  return { cert, key, validTo: new Date(certificate.validTo) };
}

/** Fastify's options for answering over TLS: HTTP/2, and HTTP/1.1 for clients that do not offer it. */
export const secureServerOptions = ({ cert, key }: TlsMaterial) =>
  ({ http2: true, https: { allowHTTP1: true, cert, key } }) as const;

/** What an operator should hear at start about the certificate: expired, or expiring within 14 days. */
export function certificateWarning(validTo: Date, now: Date): string | undefined {
  const days = (validTo.getTime() - now.getTime()) / 86_400_000;
  if (days < 0)
    return `the TLS certificate expired on ${validTo.toISOString()}: browsers refuse this server until it is renewed (TLS_CERT_FILE)`;
  if (days < 14)
    return `the TLS certificate expires on ${validTo.toISOString()}, in ${Math.floor(days)} days: renew it (TLS_CERT_FILE)`;
  return undefined;
}

/** What the watcher says as it works: the app's log in the server, nothing in tests. */
interface TlsLog {
  info: (message: string) => void;
  warn: (message: string) => void;
  error: (message: string) => void;
}

/**
 * A renewed certificate is taken up without a restart: every `everyMs` the two files' change times
 * are compared with those last read, and when either moved, both are read and checked again and
 * given to the listening server for its next connections. A pair that cannot be used (a renewal
 * caught half written, a key that does not match) leaves the one in use, says why, and is tried
 * again at the next look. Returns the stop.
 */
export function watchTls(
  files: NonNullable<ServerConfig['tls']>,
  server: { setSecureContext: (options: { cert: Buffer; key: Buffer }) => void },
  log: TlsLog,
  { everyMs, now }: { everyMs: number; now: () => Date },
): () => void {
  const changedAt = async () =>
    (await Promise.all([stat(files.certFile), stat(files.keyFile)])).map((file) => file.mtimeMs).join(':');
  let seen: Promise<string | undefined> = changedAt().catch(() => undefined);
  let isLooking = false;
  const look = async () => {
    if (isLooking) return;
    isLooking = true;
    try {
      const [before, current] = await Promise.all([seen, changedAt().catch(() => undefined)]);
      if (current === undefined || current === before) return;
      const material = await readTls(files);
      server.setSecureContext({ cert: material.cert, key: material.key });
      seen = Promise.resolve(current);
      log.info(`TLS certificate renewed: now valid until ${material.validTo.toISOString()}`);
      const warning = certificateWarning(material.validTo, now());
      if (warning) log.warn(warning);
    } catch (error) {
      log.error(
        `the TLS files changed but cannot be used, so the certificate in use stays: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      isLooking = false;
    }
  };
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Looks for a renewed certificate while the app is listening (`watchTls`), in its log. */
export function registerTlsRenewal(
  app: FastifyInstance,
  files: NonNullable<ServerConfig['tls']>,
  timing: { everyMs: number; now: () => Date },
): void {
  let stopWatching: (() => void) | undefined;
  app.addHook('onReady', async () => {
    // The HTTP/2 server made with secureServerOptions: it takes a renewed certificate for its next connections.
    const secure = app.server as unknown as Http2SecureServer;
    const log = {
      info: (message: string) => app.log.info(message),
      warn: (message: string) => app.log.warn(message),
      error: (message: string) => app.log.error(message),
    };
    stopWatching = watchTls(files, secure, log, timing);
  });
  app.addHook('preClose', async () => stopWatching?.());
}
