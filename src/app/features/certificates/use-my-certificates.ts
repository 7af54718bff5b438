/**
 * The signed-in owner's certificates, from this device's copy of their plates (kept by
 * sync), so the page and its downloads work offline. Today is the device clock corrected
 * by the skew measured at the last sync, as in a roadside check.
 */
import { correctedToday } from '#domain/credential/freshness';
import { revokesCredential } from '#domain/credential/revocation';
import { TRUST_META_KEY, type TrustMeta } from '../../verdicts/trust';
import { useStoreQuery } from '../../store/use-store-query';
import { certificateRows, type CertificateRows } from './certificate-rows';

function skewOf(value: unknown): number {
  const skew = (value as Partial<TrustMeta> | undefined)?.clockSkewMs;
  return typeof skew === 'number' && Number.isFinite(skew) ? skew : 0;
}

export function useMyCertificates(): CertificateRows | undefined {
  return useStoreQuery(async (db) => {
    const plates = await db.ownedPlates.toArray();
    // Only the entries for these plates: the list itself can be long.
    const [entries, trust] = await Promise.all([
      db.revocations.bulkGet(plates.map((plate) => plate.plateNumber)),
      db.meta.get(TRUST_META_KEY),
    ]);
    // An entry that only supersedes earlier credentials (a transfer, a renewal) does not touch the owner's current one.
    const registrationOf = new Map(
      plates.map((plate) => [plate.plateNumber, plate.registration?.registrationDate ?? '']),
    );
    const revocations = new Map(
      entries.flatMap((entry) =>
        entry && revokesCredential(entry, registrationOf.get(entry.plateNumber) ?? '')
          ? [[entry.plateNumber, entry.status] as const]
          : [],
      ),
    );
    return certificateRows(plates, revocations, correctedToday(Date.now(), skewOf(trust?.value)));
  });
}
