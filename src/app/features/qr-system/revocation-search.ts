/** The revocation list as the administrator reads it: counted by status, searched by plate number, newest first. */
import type { Revocation } from '#domain/credential/verdict';

/** A long list is drawn this many at a time, the next as the reader reaches the end. */
export const REVOCATIONS_PAGE = 50;

// 'zm001' finds ZM-001-ABC: spaces and hyphens are ignored on both sides.
const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function countRevocations(revocations: readonly Revocation[]): { revoked: number; stolen: number } {
  const stolen = revocations.filter((revocation) => revocation.status === 'Stolen').length;
  return { revoked: revocations.length - stolen, stolen };
}

/** Every match, most recently revoked first. */
export function searchRevocations(revocations: readonly Revocation[], search: string): Revocation[] {
  const needle = compact(search);
  return revocations
    .filter((revocation) => needle === '' || compact(revocation.plateNumber).includes(needle))
    .sort((a, b) => b.at.localeCompare(a.at) || a.plateNumber.localeCompare(b.plateNumber));
}
