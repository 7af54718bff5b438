/**
 * What the Certificates page lists, from the owner's plates on this device: a card for
 * each registered plate (with its standing today and its certificate number), and the
 * plates still on their way, whose certificates come once they are registered.
 */
import {
  certificateNumber,
  isRegisteredPlate,
  type RegisteredOwnedPlate,
} from '#domain/certificates/certificate-number';
import {
  type CertificateStanding,
  certificateStanding,
  daysUntilExpiry,
} from '#domain/certificates/certificate-standing';
import { type PlateProgress, plateProgress } from '#domain/plates/lifecycle';
import type { OwnedPlate } from '#domain/plates/owned-plate';

export interface CertificateCard {
  plate: RegisteredOwnedPlate;
  certificateNumber: string;
  standing: CertificateStanding;
  /** Days from today to the expiry date: 0 on the last valid day, negative once expired. */
  daysLeft: number;
}

export interface PendingCertificate {
  plate: OwnedPlate;
  progress: PlateProgress;
}

export interface CertificateRows {
  cards: CertificateCard[];
  pending: PendingCertificate[];
}

const byPlateNumber = (a: { plateNumber: string }, b: { plateNumber: string }) =>
  a.plateNumber.localeCompare(b.plateNumber, 'en');

/**
 * Registered plates in plate-number order; the others oldest first, as they were bought.
 * `revocations` holds the device revocation list's entries for these plates: it may be
 * newer than the owner's copy of a plate.
 */
export function certificateRows(
  plates: readonly OwnedPlate[],
  revocations: ReadonlyMap<string, 'Revoked' | 'Stolen'>,
  today: string,
): CertificateRows {
  const cards = plates
    .filter(isRegisteredPlate)
    .sort(byPlateNumber)
    .map((plate) => ({
      plate,
      certificateNumber: certificateNumber(plate, plate.registration),
      standing: certificateStanding(plate.registration, today, revocations.get(plate.plateNumber) ?? null),
      daysLeft: daysUntilExpiry(plate.registration.expiryDate, today),
    }));
  const pending = plates
    .filter((plate) => !isRegisteredPlate(plate))
    .sort((a, b) => a.heldAt.localeCompare(b.heldAt) || byPlateNumber(a, b))
    .map((plate) => ({ plate, progress: plateProgress(plate.stage, plate.manufacturingStatus) }));
  return { cards, pending };
}

/** The line under an Expires soon or Expired badge; null when the date needs no comment. */
export function expiryNote(card: Pick<CertificateCard, 'standing' | 'daysLeft'>): string | null {
  if (card.standing === 'Expires soon')
    return card.daysLeft === 0 ? 'Expires today' : `Expires in ${card.daysLeft} day${card.daysLeft === 1 ? '' : 's'}`;
  if (card.standing === 'Expired') return `Expired ${-card.daysLeft} day${card.daysLeft === -1 ? '' : 's'} ago`;
  return null;
}
