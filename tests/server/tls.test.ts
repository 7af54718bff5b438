/**
 * The server's own TLS (decision 083): HTTP/2 to a client that offers it, HTTP/1.1 to one that
 * does not, the same answers and headers over both; a certificate it cannot use stops the start
 * with a line that says why.
 */
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { TLSSocket } from 'node:tls';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { StartupError } from '../../src/server/startup-error';
import { certificateWarning, readTls } from '../../src/server/tls';
import { precompress } from '../../src/server/plugins/precompressed';
import { buildTestApp } from './test-app';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/tls');
const certFile = path.join(fixtures, 'loopback-cert.pem');
const keyFile = path.join(fixtures, 'loopback-key.pem');

/** The app listening over TLS on a free loopback port, and its origin. */
async function listeningOverTls(
  overrides: Parameters<typeof buildTestApp>[0],
): Promise<{ app: FastifyInstance; origin: string }> {
  const app = await buildTestApp(overrides);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin: `https://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  bytes: Buffer;
  protocol: string;
}

/** One request over HTTP/2, trusting only the loopback certificate. */
async function overHttp2(
  origin: string,
  ca: Buffer,
  request: { method?: string; path: string; body?: string; headers?: Record<string, string> },
): Promise<Answer> {
  const session = http2.connect(origin, { ca });
  try {
    return await new Promise<Answer>((resolve, reject) => {
      const stream = session.request({
        ':method': request.method ?? 'GET',
        ':path': request.path,
        ...request.headers,
      });
      const chunks: Buffer[] = [];
      let headers: http2.IncomingHttpHeaders = {};
      stream.on('response', (received) => (headers = received));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: Number(headers[':status']),
          headers,
          body: bytes.toString('utf8'),
          bytes,
          protocol: session.alpnProtocol ?? '',
        });
      });
      stream.on('error', reject);
      stream.end(request.body);
    });
  } finally {
    session.close();
  }
}

/** One request over HTTP/1.1 on TLS, as a client that offers no HTTP/2. */
function overHttp1(origin: string, ca: Buffer, pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // node:https offers no HTTP/2 (it sends no ALPN): the server must answer it in HTTP/1.1.
    const request = https.get(`${origin}${pathname}`, { ca }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: bytes.toString('utf8'),
          bytes,
          protocol: `HTTP/${response.httpVersion}`,
        });
      });
    });
    request.on('error', reject);
  });
}

describe('the server over TLS', () => {
  let app: FastifyInstance;
  let origin: string;
  let ca: Buffer;
  beforeAll(async () => {
    ca = await readFile(certFile);
    ({ app, origin } = await listeningOverTls({ tls: { certFile, keyFile } }));
  });
  afterAll(() => app.close());

  it('answers HTTP/2 to a client that offers it, with HSTS and the API security headers', async () => {
    const answer = await overHttp2(origin, ca, { path: '/api/verification/ZM-789-GHI' });
    expect(answer.protocol).toBe('h2');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ plateNumber: 'ZM-789-GHI', verdict: 'Stolen' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // HTTP/2 forbids the HTTP/1.1 connection headers: none may slip through.
    expect(answer.headers.connection).toBeUndefined();
    expect(answer.headers['keep-alive']).toBeUndefined();
  });

  it('answers a verdict kept in memory over HTTP/2 and HTTP/1.1 with the headers the route gives it', async () => {
    const kept = await buildTestApp({ tls: { certFile, keyFile }, publicVerdictCacheMs: 60_000 });
    let routed = 0;
    kept.addHook('onRequest', (request, _reply, done) => {
      if (request.url.startsWith('/api/verification/')) routed += 1;
      done();
    });
    try {
      await kept.listen({ port: 0, host: '127.0.0.1' });
      const keptOrigin = `https://127.0.0.1:${(kept.server.address() as AddressInfo).port}`;
      const path = '/api/verification/ZM-123-ABC';
      const fromTheRoute = await overHttp2(keptOrigin, ca, { path });
      const fromMemory = [await overHttp2(keptOrigin, ca, { path }), await overHttp1(keptOrigin, ca, path)];
      expect(routed).toBe(1);
      const { date: _date, ...routeHeaders } = fromTheRoute.headers;
      for (const answer of fromMemory) {
        expect(answer.status).toBe(200);
        expect(answer.body.replace(/"checkedAt":"[^"]+"/, '')).toBe(
          fromTheRoute.body.replace(/"checkedAt":"[^"]+"/, ''),
        );
        for (const [name, value] of Object.entries(routeHeaders))
          if (name !== ':status') expect(answer.headers[name]).toEqual(value);
      }
      expect(fromMemory[0]?.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(fromMemory[0]?.headers.connection).toBeUndefined();
    } finally {
      await kept.close();
    }
  });

  it('answers HTTP/1.1 over TLS to a client that does not', async () => {
    const answer = await overHttp1(origin, ca, '/api/health');
    expect(answer.protocol).toBe('HTTP/1.1');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('signs in over HTTP/2 with a session cookie marked Secure', async () => {
    const answer = await overHttp2(origin, ca, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@nambala.zm', password: 'Admin#2026' }),
    });
    expect(answer.status).toBe(200);
    const cookie = [answer.headers['set-cookie'] ?? []].flat().join('\n');
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
  });
});

describe('the built app over HTTP/2', () => {
  const script = `export const plates = ${JSON.stringify(Array.from({ length: 300 }, (_, index) => `ZM-${String(index).padStart(3, '0')}-ABC`))};\n`;
  let dir: string;
  let app: FastifyInstance;
  let origin: string;
  let ca: Buffer;
  beforeAll(async () => {
    ca = await readFile(certFile);
    dir = await mkdtemp(path.join(os.tmpdir(), 'nambala-tls-app-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Home</title><div id="root"></div>');
    await writeFile(path.join(dir, 'assets', 'plates-1a2b3c.js'), script);
    await precompress(dir);
    ({ app, origin } = await listeningOverTls({ appDir: dir, seedDemo: false, tls: { certFile, keyFile } }));
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends a script’s Brotli copy from the build, and a page under the app’s policy', async () => {
    const asset = await overHttp2(origin, ca, {
      path: '/assets/plates-1a2b3c.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(asset.protocol).toBe('h2');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.bytes).toString('utf8')).toBe(script);
    const page = await overHttp2(origin, ca, { path: '/' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Home</title>');
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self'/);
  });
});

/** The serial number of the certificate a new HTTP/2 connection is shown. */
async function servedSerial(origin: string): Promise<string> {
  const session = http2.connect(origin, { rejectUnauthorized: false });
  try {
    await new Promise<void>((resolve, reject) => {
      session.once('connect', () => resolve());
      session.once('error', reject);
    });
    return (session.socket as TLSSocket).getPeerCertificate().serialNumber;
  } finally {
    session.close();
  }
}

describe('a renewed certificate', () => {
  const renewedCert = path.join(fixtures, 'loopback-renewed-cert.pem');
  const renewedKey = path.join(fixtures, 'loopback-renewed-key.pem');
  let folder: string;
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'nambala-tls-renewal-'));
    await copyFile(certFile, path.join(folder, 'cert.pem'));
    await copyFile(keyFile, path.join(folder, 'key.pem'));
    ({ app, origin } = await listeningOverTls({
      seedDemo: false,
      tls: { certFile: path.join(folder, 'cert.pem'), keyFile: path.join(folder, 'key.pem') },
      tlsCheckMs: 100,
    }));
  });
  afterAll(async () => {
    await app.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('is taken up without a restart; one that cannot be used leaves the one in use', async () => {
    const first = new X509Certificate(await readFile(certFile)).serialNumber;
    const renewed = new X509Certificate(await readFile(renewedCert)).serialNumber;
    expect(renewed).not.toBe(first);
    expect(await servedSerial(origin)).toBe(first);

    // Renewed as a certificate tool does it: the key first, then the certificate.
    await copyFile(renewedKey, path.join(folder, 'key.pem'));
    await copyFile(renewedCert, path.join(folder, 'cert.pem'));
    await expect.poll(() => servedSerial(origin), { timeout: 10_000 }).toBe(renewed);

    // A renewal caught half written: the certificate in use stays.
    await writeFile(path.join(folder, 'cert.pem'), '-----BEGIN CERTIFICATE-----\nMIIB');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await servedSerial(origin)).toBe(renewed);
    const answer = await overHttp2(origin, await readFile(renewedCert), { path: '/api/health' });
    expect(answer.status).toBe(200);
  });
});

describe('a certificate the server cannot use', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'nambala-tls-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('reads the loopback certificate and knows when it ends', async () => {
    const material = await readTls({ certFile, keyFile });
    expect(material.validTo.getUTCFullYear()).toBe(2046);
  });

  it('refuses a key that is not the certificate’s, saying which setting to fix', async () => {
    const otherKey = path.join(folder, 'other-key.pem');
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    await writeFile(otherKey, privateKey.export({ format: 'pem', type: 'pkcs8' }));
    const refusal = readTls({ certFile, keyFile: otherKey });
    await expect(refusal).rejects.toBeInstanceOf(StartupError);
    await expect(refusal).rejects.toThrow(/TLS_KEY_FILE .*other-key\.pem is not the private key of the certificate/);
  });

  it('refuses a file that cannot be read, or is not a certificate', async () => {
    await expect(readTls({ certFile: path.join(folder, 'missing.pem'), keyFile })).rejects.toThrow(
      /TLS_CERT_FILE .*missing\.pem cannot be read \(ENOENT\)/,
    );
    const notACertificate = path.join(folder, 'not-a-certificate.pem');
    await writeFile(notACertificate, 'hello');
    await expect(readTls({ certFile: notACertificate, keyFile })).rejects.toThrow(
      /TLS_CERT_FILE .*not-a-certificate\.pem is not a PEM certificate/,
    );
  });

  it('needs both settings or neither, and makes its own links https', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: certFile })).toThrow(
      /TLS_CERT_FILE is set without TLS_KEY_FILE: set both/,
    );
    expect(() => loadConfig({ TLS_KEY_FILE: keyFile })).toThrow(/TLS_KEY_FILE is set without TLS_CERT_FILE/);
    expect(loadConfig({}).tls).toBeUndefined();
    const config = loadConfig({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile, PORT: '8443' });
    expect(config.tls).toEqual({ certFile, keyFile });
    expect(config.publicOrigin).toBe('https://localhost:8443');
  });

  it('warns when the certificate has expired or expires within 14 days', () => {
    const now = new Date('2026-12-07T10:00:00Z');
    expect(certificateWarning(new Date('2027-06-01T00:00:00Z'), now)).toBeUndefined();
    expect(certificateWarning(new Date('2026-12-15T10:00:00Z'), now)).toMatch(/expires on 2026-12-15.*in 8 days/);
    expect(certificateWarning(new Date('2026-12-01T00:00:00Z'), now)).toMatch(/expired on 2026-12-01/);
  });
});
