/**
 * UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Ids made on a
 * device sort by creation time and never collide, so a retried request is harmless.
 * Time and randomness are passed in; the caller owns the clock and the RNG.
 */
export type Uuid = string & { readonly __brand: 'Uuid' };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function uuidv7(nowMs: number, random: Uint8Array): Uuid {
  if (!Number.isSafeInteger(nowMs) || nowMs < 0 || nowMs >= 2 ** 48) {
    throw new RangeError('uuidv7 needs a non-negative millisecond timestamp below 2^48');
  }
  if (random.length < 10) throw new RangeError('uuidv7 needs at least 10 random bytes');
  const bytes = new Uint8Array(16);
  let time = nowMs;
  for (let i = 5; i >= 0; i -= 1) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes.set(random.subarray(0, 10), 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f); // version 7
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f); // RFC 9562 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` as Uuid;
}

export function isUuid(value: string): value is Uuid {
  return UUID_PATTERN.test(value);
}

/** The creation time a UUIDv7 carries, in Unix milliseconds. */
export function uuidv7Time(id: Uuid): number {
  return Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
}
