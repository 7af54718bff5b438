/** The revocation list as the administrator reads it: counted by status, searched by plate number, newest first. */
import type { Revocation } from '#domain/credential/verdict';

/** A long list is cut here: the search finds the rest. */
export const REVOCATIONS_SHOWN = 50;

// 'zm001' finds ZM-001-ABC: spaces and hyphens are ignored on both sides.
const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

export function countRevocations(revocations: readonly Revocation[]): { revoked: number; stolen: number } {
  const stolen = revocations.filter((revocation) => revocation.status === 'Stolen').length;
  return { revoked: revocations.length - stolen, stolen };
}

/** The first `limit` matches, most recently revoked first, and how many matched in all. */
export function searchRevocations(revocations: readonly Revocation[], search: string, limit = REVOCATIONS_SHOWN): { shown: Revocation[]; matching: number } {
  const needle = compact(search);
  const matches = revocations
    .filter((revocation) => needle === '' || compact(revocation.plateNumber).includes(needle))
    .sort((a, b) => b.at.localeCompare(a.at) || a.plateNumber.localeCompare(b.plateNumber));
  return { shown: matches.slice(0, limit), matching: matches.length };
}
