/** The signing keys, revocation list and their freshness, as sync keeps them on this device (see src/app/verdicts/trust.ts). */
import type { Revocation, TrustedKey } from '#domain/credential/verdict';
import { useStoreQuery } from '../../store/use-store-query';
import { TRUST_META_KEY, type TrustMeta } from '../../verdicts/trust';

const KEY_ORDER: Record<TrustedKey['status'], number> = { active: 0, retired: 1, revoked: 2 };

/** The active key first, then retired and revoked ones, newest first within each. */
export function useSigningKeys(): TrustedKey[] | undefined {
  return useStoreQuery(async (db) => {
    const keys = await db.trustKeys.toArray();
    return keys.sort((a, b) => KEY_ORDER[a.status] - KEY_ORDER[b.status] || b.keyId - a.keyId);
  });
}

/** Plates revoked or stolen; entries for re-issued plates' older QR codes (supersededBefore) are not revocations of a plate. */
export function useRevocations(): Revocation[] | undefined {
  return useStoreQuery((db) =>
    db.revocations.filter((revocation) => revocation.supersededBefore === undefined).toArray(),
  );
}

function isTrustMeta(value: unknown): value is TrustMeta {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { keysFetchedAt?: unknown }).keysFetchedAt === 'string'
  );
}

/** When keys and revocations were last fetched (null: never on this device). */
export function useTrustMeta(): TrustMeta | null | undefined {
  return useStoreQuery(async (db) => {
    const entry = await db.meta.get(TRUST_META_KEY);
    return isTrustMeta(entry?.value) ? entry.value : null;
  });
}
