// Bytes written as decimal digits, so a QR code can carry them in numeric mode (10 bits per
// 3 digits, about 3.3 bits per digit) instead of byte mode (8 bits per character). The same
// trick SMART Health Cards use. Each 7 bytes become 17 digits; a shorter last group of r
// bytes becomes just enough digits for 2^(8r) − 1.

const GROUP_BYTES = 7;
const GROUP_DIGITS = 17; // 2^56 − 1 = 72057594037927935 has 17 digits.

/** Digits for a last group of r bytes (index r = 1..6): the digit count of 2^(8r) − 1. */
const PARTIAL_GROUP_DIGITS = [0, 3, 5, 8, 10, 13, 15] as const;

function groupDigits(byteCount: number): number {
  return byteCount === GROUP_BYTES ? GROUP_DIGITS : (PARTIAL_GROUP_DIGITS[byteCount] ?? 0);
}

/** The number of digits bytesToDigits writes for `byteLength` bytes. */
export function digitsLength(byteLength: number): number {
  return Math.floor(byteLength / GROUP_BYTES) * GROUP_DIGITS + groupDigits(byteLength % GROUP_BYTES);
}

export function bytesToDigits(bytes: Uint8Array): string {
  let digits = '';
  for (let start = 0; start < bytes.length; start += GROUP_BYTES) {
    const group = bytes.subarray(start, start + GROUP_BYTES);
    let value = 0n;
    for (const byte of group) value = (value << 8n) | BigInt(byte);
    digits += value.toString().padStart(groupDigits(group.length), '0');
  }
  return digits;
}

const DIGITS_ONLY = /^[0-9]*$/;

/**
 * The bytes bytesToDigits wrote, or null for a string it cannot have written: a non-digit,
 * a length no byte count produces, or a group too large for its byte count. Each byte string
 * has exactly one digit form, so a changed digit is never silently accepted as the same bytes.
 */
export function digitsToBytes(digits: string): Uint8Array | null {
  if (!DIGITS_ONLY.test(digits)) return null;
  const fullGroups = Math.floor(digits.length / GROUP_DIGITS);
  const restDigits = digits.length % GROUP_DIGITS;
  const restBytes = PARTIAL_GROUP_DIGITS.indexOf(restDigits as (typeof PARTIAL_GROUP_DIGITS)[number]);
  // indexOf finds 0 for restDigits 0 (no last group) and −1 for unreachable lengths.
  if (restBytes < 0) return null;

  const bytes = new Uint8Array(fullGroups * GROUP_BYTES + restBytes);
  let at = 0;
  for (let offset = 0; offset < bytes.length; offset += GROUP_BYTES) {
    const byteCount = Math.min(GROUP_BYTES, bytes.length - offset);
    const width = groupDigits(byteCount);
    let value = BigInt(digits.slice(at, at + width));
    at += width;
    if (value >= 1n << BigInt(8 * byteCount)) return null;
    for (let i = byteCount - 1; i >= 0; i--) {
      bytes[offset + i] = Number(value & 0xffn);
      value >>= 8n;
    }
  }
  return bytes;
}
