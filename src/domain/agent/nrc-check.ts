// An NRC a shop's device can check at the counter without holding it (decision 041): the
// server sends each order with a salted, slow digest of its customer's NRC (PBKDF2-SHA-256
// over the NRC's digits), and the device derives the same digest from the NRC on the card in
// front of the agent. A stolen tablet then yields no list of customers' NRCs to read, only
// digests to attack one at a time. Pure: the WebCrypto implementation is passed in (the
// browser's, or Node's globalThis.crypto on the server).
import { nrcDigits } from '../validation/identity-checks';

export interface NrcCheck {
  /** Random per order, base64url. */
  salt: string;
  iterations: number;
  /** PBKDF2-SHA-256 of the NRC's digits, 32 bytes, base64url. */
  digest: string;
}

/** Enough to make each guess cost a few milliseconds on a server, little at the counter (one check per sale). */
export const NRC_CHECK_ITERATIONS = 20_000;

const toBase64Url = (bytes: Uint8Array): string => {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): Uint8Array => {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
};

async function derive(subtle: SubtleCrypto, nrc: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await subtle.importKey('raw', new TextEncoder().encode(nrcDigits(nrc)), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    256,
  );
  return toBase64Url(new Uint8Array(bits));
}

/** The check sent with an order; `salt` is 16 random bytes the caller made. */
export async function makeNrcCheck(
  subtle: SubtleCrypto,
  nrc: string,
  salt: Uint8Array,
  iterations = NRC_CHECK_ITERATIONS,
): Promise<NrcCheck> {
  return { salt: toBase64Url(salt), iterations, digest: await derive(subtle, nrc, salt, iterations) };
}

/** Whether the NRC typed at the counter is the order's. */
export async function matchesNrcCheck(subtle: SubtleCrypto, nrc: string, check: NrcCheck): Promise<boolean> {
  if (nrcDigits(nrc).length === 0) return false;
  return (await derive(subtle, nrc, fromBase64Url(check.salt), check.iterations)) === check.digest;
}
