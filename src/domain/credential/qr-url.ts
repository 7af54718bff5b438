// A credential as a link and as a QR code. The bytes travel as digits in the URL fragment
// (`${origin}/v#<digits>`): a phone camera opens the verification page, and because a
// browser never sends the fragment, the credential does not reach any server log.
import { MAX_CREDENTIAL_BYTES } from './credential';
import { bytesToDigits, digitsLength, digitsToBytes } from './numeric';

export const CREDENTIAL_PATH = '/v';

/** `https://nambala.gov.zm/v#` for origin `https://nambala.gov.zm` (a trailing slash is dropped). */
export function credentialUrlPrefix(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${CREDENTIAL_PATH}#`;
}

export function credentialUrl(origin: string, bytes: Uint8Array): string {
  return `${credentialUrlPrefix(origin)}${bytesToDigits(bytes)}`;
}

export type CredentialQrSegments = [{ mode: 'byte'; data: Uint8Array }, { mode: 'numeric'; data: string }];

const utf8Encoder = new TextEncoder();

/**
 * The QR content as two segments: the URL prefix in byte mode and the digits in numeric
 * mode. Left to itself a QR library would put the whole URL in byte mode and need a much
 * larger symbol. The prefix is given as UTF-8 bytes (the same bits as the string) because
 * that is the byte-segment type the qrcode package declares. Render at error correction M.
 */
export function credentialQrSegments(origin: string, bytes: Uint8Array): CredentialQrSegments {
  return [
    { mode: 'byte', data: utf8Encoder.encode(credentialUrlPrefix(origin)) },
    { mode: 'numeric', data: bytesToDigits(bytes) },
  ];
}

// No credential is longer than this, so longer input is rejected before any decoding work.
const MAX_DIGITS = digitsLength(MAX_CREDENTIAL_BYTES);
const DIGITS = /^[0-9]+$/;

/**
 * The credential bytes in scanned or pasted text: a URL with any http(s) origin whose path
 * is /v and whose fragment is the digits, or the bare digits. Surrounding whitespace is
 * ignored. Returns null for anything else and never throws; whether the bytes are a genuine
 * credential is for verifyCredential to say.
 */
export function credentialFromText(text: string): Uint8Array | null {
  const trimmed = text.trim();
  const digits = DIGITS.test(trimmed) ? trimmed : digitsInUrl(trimmed);
  if (digits === null || digits.length > MAX_DIGITS) return null;
  return digitsToBytes(digits);
}

function digitsInUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.pathname !== CREDENTIAL_PATH) return null;
  const digits = url.hash.slice(1);
  return DIGITS.test(digits) ? digits : null;
}
