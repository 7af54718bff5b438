/**
 * Password hashing with scrypt (memory-hard, in Node's own crypto): 2^15 × 8 × 128 B
 * = 32 MiB per hash. The parameters are stored with each hash so they can be raised
 * later without breaking old hashes.
 */
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

const DEFAULT = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * At most this many hashes at once. scrypt runs on libuv's thread pool (4 threads by
 * default), which file reads, compression and DNS share: a flood of sign-ins or sign-ups
 * would otherwise take every thread and stall every other request. And each hash keeps a
 * core busy for tens of milliseconds: one core is always left to the event loop (on two
 * cores, one hash at a time), so that a flood of sign-ins does not hold back the requests of
 * everyone else (decision 079). Further hashes wait their turn, in order.
 */
export const MAX_PARALLEL_HASHES = Math.max(1, Math.min(3, availableParallelism() - 1));
let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished hash hands its slot straight to the next in line, so none can slip in between.
  if (running >= MAX_PARALLEL_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return inTurn(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          password.normalize('NFC'),
          salt,
          KEY_LENGTH,
          { ...options, maxmem: 128 * (options.N ?? 1) * (options.r ?? 8) * 2 },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

/** How many hashes are running now (for tests). */
export function hashesRunning(): number {
  return running;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, DEFAULT);
  return ['scrypt', DEFAULT.N, DEFAULT.r, DEFAULT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash to compare against when the email is unknown, so both cases do the same work
 * and take the same time: well formed, with the default parameters (a malformed one is
 * refused before any hashing, which is what made unknown emails answer 25 times faster).
 */
export const UNKNOWN_USER_HASH = [
  'scrypt',
  DEFAULT.N,
  DEFAULT.r,
  DEFAULT.p,
  'AAAAAAAAAAAAAAAAAAAAAA==',
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
].join('$');
