// Which slices of the change log a user's device receives, decided from their roles
// on the server: everyone their own things; an agent their shop's orders and
// records; an administrator what they administer.
import type { Role } from '../accounts/permissions';

export type Scope = `user:${string}` | `agent:${string}` | 'admin';

export function scopesFor(userId: string, roles: readonly Role[]): Scope[] {
  const scopes: Scope[] = [`user:${userId}`];
  if (roles.includes('agent')) scopes.push(`agent:${userId}`);
  if (roles.includes('admin')) scopes.push('admin');
  return scopes;
}

/** A short stable key for a set of scopes: a cursor issued for one set is not used for another. */
export function scopeKey(scopes: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of [...scopes].sort().join('|')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export interface PullCursor {
  scopeKey: string;
  txid: string;
  seq: string;
}

/** The largest transaction id (xid8) and sequence number (bigint) PostgreSQL holds. */
const MAX_TXID = 2n ** 64n - 1n;
const MAX_SEQ = 2n ** 63n - 1n;

/** Cursor text: `<scopeKey>.<txid>:<seq>`; null when it is not one (or its numbers are out of range). */
export function parseCursor(text: string): PullCursor | null {
  const match = /^([0-9a-z]{1,8})\.(\d{1,20}):(\d{1,20})$/.exec(text);
  if (!match) return null;
  const [, key = '', txid = '0', seq = '0'] = match;
  if (BigInt(txid) > MAX_TXID || BigInt(seq) > MAX_SEQ) return null;
  return { scopeKey: key, txid, seq };
}

export function formatCursor(cursor: PullCursor): string {
  return `${cursor.scopeKey}.${cursor.txid}:${cursor.seq}`;
}
