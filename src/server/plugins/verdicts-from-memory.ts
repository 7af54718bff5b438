/**
 * A public verdict kept in memory is answered as the request arrives, before the framework's
 * routing, hooks and reply (decision 086). It is the answer the route gives, byte for byte but
 * for the time it was checked: the same text from the same kept facts (registry-routes.ts), the
 * same status and headers. Everything else goes to the framework as before: a request with a
 * cookie or an Authorization header (an officer's look, never answered from memory), a query, a
 * method other than GET, an address that is not a plain number, a number whose facts are not
 * kept (the route reads them and keeps them for the next asker), and every request while the
 * server is closing or while each request is logged (LOG_LEVEL info, debug or trace). Behind a
 * balancer named in TRUST_PROXY, whether a request came over HTTPS (and so gets
 * Strict-Transport-Security) is read from its X-Forwarded-Proto as the framework reads it.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import { API_HEADERS, STRICT_TRANSPORT } from './security-headers';

/** A public verdict's JSON text when the number's facts are kept in memory; undefined when they must be read. */
export type KeptVerdict = (plateNumber: string) => string | undefined;

const PREFIX = '/api/verification/';
/** A number as a plate's address carries it: letters, digits and dashes, no escapes, at most the route's 40. */
const PLAIN_NUMBER = /^[A-Za-z0-9-]{1,40}$/;
/** The route's headers in the order and case the framework writes them, without and with HTTPS. */
const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
const OVER_HTTP = lowerCased({ 'content-type': 'application/json; charset=utf-8', ...API_HEADERS });
const OVER_HTTPS = { ...OVER_HTTP, ...lowerCased(STRICT_TRANSPORT) };
/** Answers of each length seen share one set of headers: copying them for each answer costs more than writing it. */
const MAX_LENGTHS_KEPT = 4096;

type Request = IncomingMessage | Http2ServerRequest;
type Response = ServerResponse | Http2ServerResponse;
type Listener = (request: Request, response: Response) => void;

/** The last of a header's values, as the framework reads X-Forwarded-Proto. */
const lastValue = (header: string) => header.slice(header.lastIndexOf(',') + 1).trim();

/**
 * Puts the kept verdicts in front of `app`'s own request listener, on HTTP/1.1 and on HTTP/2
 * alike. Returns the setter the registry's routes hand their kept verdicts to.
 * `trustProxy`: the balancers whose X-Forwarded-Proto is believed (TRUST_PROXY, as the app gives
 * it to the framework); from anyone else that header decides nothing.
 */
export function answerKeptVerdictsFirst(
  app: FastifyInstance,
  { trustProxy }: { trustProxy: string[] | false },
): (kept: KeptVerdict) => void {
  let keptVerdict: KeptVerdict | undefined;
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  // The framework logs each request at info; those requests keep going through it.
  const logsEachRequest = ['trace', 'debug', 'info'].includes(app.log.level);
  const server = app.server as unknown as Server;
  const [framework] = server.listeners('request') as Listener[];
  if (framework === undefined || logsEachRequest) return () => undefined;

  const answer = (request: Request): string | undefined => {
    const { url, headers } = request;
    if (
      isClosing ||
      keptVerdict === undefined ||
      request.method !== 'GET' ||
      url === undefined ||
      !url.startsWith(PREFIX) ||
      headers.cookie !== undefined ||
      headers.authorization !== undefined
    )
      return undefined;
    const number = url.slice(PREFIX.length);
    return PLAIN_NUMBER.test(number) ? keptVerdict(number) : undefined;
  };

  const httpByLength = new Map<number, Record<string, string | number>>();
  const httpsByLength = new Map<number, Record<string, string | number>>();
  const headersOf = (byLength: typeof httpByLength, length: number, isHttps: boolean) => {
    let headers = byLength.get(length);
    if (headers === undefined) {
      if (byLength.size >= MAX_LENGTHS_KEPT) byLength.clear();
      headers = Object.freeze({ ...(isHttps ? OVER_HTTPS : OVER_HTTP), 'content-length': length });
      byLength.set(length, headers);
    }
    return headers;
  };

  server.removeListener('request', framework);
  const isTrusted = trustProxy ? proxyAddr.compile(trustProxy) : undefined;
  /** Whether the request came over HTTPS, as the framework's `request.protocol` says. */
  const isHttpsFor = ({ headers, socket }: Request): boolean => {
    const forwarded = headers['x-forwarded-proto'];
    const from = socket?.remoteAddress;
    if (isTrusted && typeof forwarded === 'string' && forwarded !== '' && from !== undefined && isTrusted(from, 0))
      return lastValue(forwarded) === 'https';
    return (socket as TLSSocket | undefined)?.encrypted === true;
  };

  server.on('request', (request: Request, response: Response) => {
    const text = answer(request);
    if (text === undefined) return framework(request, response);
    const isHttps = isHttpsFor(request);
    response.writeHead(200, headersOf(isHttps ? httpsByLength : httpByLength, Buffer.byteLength(text), isHttps));
    response.end(text);
  });
  return (kept) => {
    keptVerdict = kept;
  };
}
