/**
 * What Claims reads from the device's store: the agent's claims (newest first), their
 * policies and holders, and the photos taken on this device, by claim. One read, so the
 * list, the detail and the photo states always agree.
 */
import type { LocalClaimPhotoFile, LocalInsuranceClaim, NambalaDatabase } from '../../store/database';
import { type InsuranceData, readInsurance } from './insurance-query';

export interface ClaimsData extends InsuranceData {
  claims: LocalInsuranceClaim[];
  /** Photos taken on this device, by claim id, oldest first. */
  photoFiles: Map<string, LocalClaimPhotoFile[]>;
  /** How many photos on this device wait for the server, and their bytes. */
  waitingPhotos: { count: number; bytes: number };
}

export async function readClaims(db: NambalaDatabase): Promise<ClaimsData> {
  const [insurance, claims, files] = await Promise.all([
    readInsurance(db),
    db.insuranceClaims.toArray(),
    db.claimPhotoFiles.toArray(),
  ]);
  // A claim not yet numbered (made here, offline) is the newest: it sorts first.
  claims.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id.localeCompare(b.id)));
  const photoFiles = new Map<string, LocalClaimPhotoFile[]>();
  let count = 0;
  let bytes = 0;
  for (const file of files.sort((a, b) => a.createdAt - b.createdAt)) {
    photoFiles.set(file.claimId, [...(photoFiles.get(file.claimId) ?? []), file]);
    if (file.state === 'waiting') {
      count += 1;
      bytes += file.size;
    }
  }
  return { ...insurance, claims, photoFiles, waitingPhotos: { count, bytes } };
}
