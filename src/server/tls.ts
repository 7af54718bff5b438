/**
 * The server's own TLS (decision 083): with TLS_CERT_FILE and TLS_KEY_FILE it answers over
 * HTTPS, HTTP/2 to the browsers that offer it and HTTP/1.1 to the rest, so a phone fetches a
 * screen's many small scripts over one connection instead of six at a time.
 */
import { X509Certificate } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Http2SecureServer } from 'node:http2';
import { createSecureContext } from 'node:tls';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import { StartupError } from './startup-error';

export interface TlsMaterial {
  cert: Buffer;
  key: Buffer;
  /** When the certificate stops being valid. */
  validTo: Date;
  /** The two files' change times as they were just before they were read (see watchTls). */
  changedAt: string;
}

/** The certificate's and the key's change times, as one value to compare. */
async function changeTimesOf(files: NonNullable<ServerConfig['tls']>): Promise<string> {
  const times = await Promise.all([stat(files.certFile), stat(files.keyFile)]);
  return times.map((file) => file.mtimeMs).join(':');
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
  // Taken first: a file changed while it is read shows as a change at the next look.
  const changedAt = await changeTimesOf(files).catch(() => '');
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
  return { cert, key, validTo: new Date(certificate.validTo), changedAt };
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

/**
 * A renewed certificate is taken up without a restart: every `everyMs` the two files' change times
 * are compared with those of the pair in use, and when either moved, both are read and checked again
 * and given to the listening server for its next connections. A pair that cannot be used (a renewal
 * caught half written, a key that does not match) leaves the one in use, says why, and is tried
 * again at the next look. Returns the stop.
 */
export function watchTls(
  files: NonNullable<ServerConfig['tls']>,
  inUse: TlsMaterial,
  server: { setSecureContext: (options: { cert: Buffer; key: Buffer }) => void },
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  { everyMs, now }: { everyMs: number; now: () => Date },
): () => void {
  let seen = inUse.changedAt;
  let isLooking = false;
  const look = async () => {
    if (isLooking) return;
    isLooking = true;
    try {
      const current = await changeTimesOf(files).catch(() => seen);
      if (current === seen) return;
      const material = await readTls(files);
      server.setSecureContext({ cert: material.cert, key: material.key });
      seen = material.changedAt;
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

/** Looks for a renewed certificate (`watchTls`) while the app is listening, and says so in its log. */
export function registerTlsRenewal(
  app: FastifyInstance,
  files: NonNullable<ServerConfig['tls']>,
  inUse: TlsMaterial,
  timing: { everyMs: number; now: () => Date },
): void {
  let stopWatching: (() => void) | undefined;
  app.addHook('onReady', async () => {
    // The HTTP/2 server made with secureServerOptions: it takes a renewed certificate for its next connections.
    stopWatching = watchTls(files, inUse, app.server as unknown as Http2SecureServer, app.log, timing);
  });
  app.addHook('preClose', async () => stopWatching?.());
}
